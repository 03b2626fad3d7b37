import "server-only";
import type { z } from "zod";
import { requireApiUser, type SessionUser } from "@/lib/auth/guard";
import { stepUpMethod, stepUpMinutes, stepUpNeeded } from "@/lib/auth/step-up";
import type { Permission } from "@/lib/auth/roles";
import type { Actor } from "@/lib/domain/actor";
import type { Locale } from "@/lib/i18n/config";
import { translator, type Translator } from "@/lib/i18n/server";
import { jsonError, toErrorResponse, validationError } from "./errors";
import type { Answers } from "./answers";
import { bearerTokenOf, requireServiceAccount, type ServiceCaller } from "@/lib/auth/bearer";
import { getDb } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { declaresTooLarge, JSON_BODY_LIMIT, readBoundedBody } from "./body";
import { clientIp, readJsonBody, queryObject, tooLarge } from "./input";
import { knownQueryKeys, unknownQueryKey } from "./query-keys";
import { checkOrigin } from "./origin";
import { setRequestUser } from "./request-context";
import { currentLocale } from "./request-locale";
import { findUnsafeText } from "./unsafe-text";
import { withRoute } from "./with-route";
import { rateLimitHeaders, type RateState } from "./rate-limit-headers";

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

export type RouteSpec<P, Q, B> = {
  /** "POST /api/transfers": the log line's route name (and its path in the OpenAPI document). */
  name: string;
  /** One line for the reference (GET /api/openapi.json, /api/docs): what it does, for whom. */
  summary: string;
  /** Who may call it; "public" for routes with their own authentication (webhooks). */
  permission: Permission | "public";
  params?: P;
  query?: Q;
  /** A JSON body of at most JSON_BODY_LIMIT bytes and MAX_JSON_DEPTH levels, parsed with this schema (refusals are 422). */
  body?: B;
  /**
   * A body the handler reads itself with `readBoundedBody(request, maxBytes)` (a file upload, a
   * webhook delivery). route() refuses a declared Content-Length over it before anything else.
   * Without `body` or `rawBody`, a body sent anyway is read up to JSON_BODY_LIMIT and dropped.
   */
  rawBody?: { maxBytes: number };
  /** Mutating routes check Origin/Sec-Fetch-Site (CSRF); on by default for every method but GET/HEAD. */
  checkOrigin?: boolean;
  /**
   * Moves money: the user must have typed their password (or code) within the last 5 minutes
   * (lib/auth/step-up.ts), else 403 `{ kind: "step_up_required", step_up: "password" | "code" | "passkey" }`,
   * which the browser's step-up dialog answers and retries (components/auth/step-up.tsx).
   */
  stepUp?: boolean;
  /**
   * What it answers, per success status: the zod schema of the JSON body, or `fileAnswer(type)`
   * for a file or a stream (lib/http/answers.ts). Errors are the one error shape. Checked against
   * the real answer in tests and in development; the OpenAPI document is made from it.
   */
  answers: Answers;
  /** A raw body's content types, for the document (a file upload). */
  rawBodyTypes?: readonly string[];
  /**
   * A public route with a rate limit of its own (429 with Retry-After and RateLimit headers); for the
   * document. Every route a token may call has the token's limit anyway.
   */
  rateLimited?: boolean;
};

/** What route() declared, kept on the handler for the route tables' tests and the OpenAPI document. */
export type DeclaredRoute = {
  name: string;
  summary: string;
  permission: Permission | "public";
  stepUp: boolean;
  body: "json" | "raw" | "none";
  schemas: { params?: Schema; query?: Schema; body?: Schema };
  rawBodyTypes: readonly string[];
  answers: Answers;
  /** Answers 429 past a rate limit (a token's, or the route's own). */
  rateLimited: boolean;
};

/** Who acts, for the audit log and the transfer engine: the signed-in user and the address seen. */
export type { Actor };
/** In a handler the address is always known (null when the server could not read it). */
type ActorOf<U> = U extends null ? null : Actor & { ip: string | null };

export type RouteContext<P, Q, B, U> = {
  request: Request;
  user: U;
  actor: ActorOf<U>;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  locale: Locale;
  t: Translator;
};

type NextContext = { params: Promise<Record<string, string | string[]>> };

/**
 * A route handler that declares its permission and inputs once, so its body is the call to
 * `lib` and nothing else (after dub's `withWorkspace`). In order: one log line and JSON errors
 * (withRoute); a declared Content-Length over the route's limit (413, nothing read); the
 * session and role (401/403); the Origin check of mutating calls (403); text with NUL bytes or
 * broken characters (400/422 naming the field); then params, query and body parsed with their
 * schemas (a query parameter the schema does not name: 400 naming it; a body cut at its limit while read: 413; nested too deep: 400), refusals in the
 * caller's language.
 */
export function route<
  Perm extends Permission | "public",
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  spec: RouteSpec<P, Q, B> & { permission: Perm },
  handler: (ctx: RouteContext<P, Q, B, Perm extends "public" ? null : SessionUser>) => Promise<Response>,
): ((request: Request, context?: NextContext) => Promise<Response>) & { declared: DeclaredRoute } {
  const bodyLimit = spec.rawBody?.maxBytes ?? JSON_BODY_LIMIT;
  const queryKeys = knownQueryKeys(spec.query);
  const handle = async (request: Request, context: NextContext | undefined, token: { rate?: RateState }): Promise<Response> => {
    if (declaresTooLarge(request, bodyLimit)) {
      await request.body?.cancel().catch(() => undefined);
      return tooLarge();
    }
    let user: SessionUser | null = null;
    let service: ServiceCaller | null = null;
    const bearer = spec.permission === "public" ? undefined : bearerTokenOf(request);
    if (spec.permission !== "public" && bearer !== undefined) {
      const gate = await requireServiceAccount(request, bearer, spec.permission);
      if ("response" in gate) return gate.response;
      service = gate.caller;
      token.rate = service.rate;
      user = service.user;
      setRequestUser(user.id);
    } else if (spec.permission !== "public") {
      const gate = await requireApiUser(request, spec.permission);
      if ("response" in gate) return gate.response;
      user = gate.user;
      setRequestUser(user.id);
    }
    const mutating = request.method !== "GET" && request.method !== "HEAD";
    // A token is not sent by a browser on its own (no cookie): another site cannot ride on it.
    if (!service && (spec.checkOrigin ?? mutating)) {
      const refused = checkOrigin(request);
      if (refused) return refused;
    }
    const locale = currentLocale();
    const t = translator(locale);
    if (spec.stepUp && user && !service && stepUpNeeded(user)) {
      await request.body?.cancel().catch(() => undefined);
      const method = stepUpMethod(user);
      const words = t(method === "code" ? "auth.stepUp.requiredCode" : method === "passkey" ? "auth.stepUp.requiredPasskey" : "auth.stepUp.required", { minutes: stepUpMinutes() });
      return jsonError(403, words, { kind: "step_up_required", step_up: method });
    }

    const rawParams = context?.params ? await context.params : {};
    const params = await parseInput(spec.params, rawParams, 400, t);
    if ("response" in params) return params.response;

    const rawQuery = queryObject(request.url);
    if ("response" in rawQuery) return rawQuery.response;
    const unknown = unknownQueryKey(rawQuery.query, queryKeys);
    if (unknown !== null) {
      // Named as written in the URL (percent-encoded): a forged name cannot carry control or bidi characters.
      const name = encodeURIComponent(unknown).slice(0, 80);
      return jsonError(400, t("errors.query.unknown", { name }), { kind: "validation", fields: { [name]: t("errors.query.unknownField") } });
    }
    const query = await parseInput(spec.query, rawQuery.query, 400, t);
    if ("response" in query) return query.response;

    let body: { value: unknown } = { value: undefined };
    if (spec.body) {
      const read = await readJsonBody(request, bodyLimit);
      if ("response" in read) return read.response;
      const parsed = await parseInput(spec.body, read.body, 422, t);
      if ("response" in parsed) return parsed.response;
      body = parsed;
    } else if (!spec.rawBody && request.body) {
      // A body this route does not read: never buffered past the limit, whatever it claims.
      const read = await readBoundedBody(request, bodyLimit);
      if ("tooLarge" in read) return tooLarge();
    }
    const call = handler({
      request,
      user: user as Perm extends "public" ? null : SessionUser,
      actor: (user ? { id: user.id, email: user.email, ip: clientIp(request), ...(service ? { tokenId: service.tokenId } : {}) } : null) as ActorOf<Perm extends "public" ? null : SessionUser>,
      params: params.value as Out<P>,
      query: query.value as Out<Q>,
      body: body.value as Out<B>,
      locale,
      t,
    });
    if (!service) return call;
    let answer: Response;
    try {
      answer = await call;
    } catch (error) {
      // Thrown on to withRoute, which logs what failed and answers it.
      await auditServiceCall(service, spec.name, request, toErrorResponse(error).status).catch(() => undefined);
      throw error;
    }
    await auditServiceCall(service, spec.name, request, answer.status);
    return answer;
  };
  const wrapped = withRoute<NextContext | undefined>(
    spec.name,
    async (request, context) => {
      const token: { rate?: RateState } = {};
      const answer = await handle(request, context, token);
      // Every answer to a token, refusals included, says what is left of its minute.
      return token.rate ? withHeaders(answer, rateLimitHeaders(token.rate)) : answer;
    },
    { answers: spec.answers },
  );
  const declared: DeclaredRoute = {
    name: spec.name,
    summary: spec.summary,
    permission: spec.permission,
    stepUp: spec.stepUp ?? false,
    body: spec.body ? "json" : spec.rawBody ? "raw" : "none",
    schemas: { params: spec.params, query: spec.query, body: spec.body },
    rawBodyTypes: spec.rawBodyTypes ?? [],
    answers: spec.answers,
    rateLimited: spec.rateLimited ?? spec.permission !== "public",
  };
  return Object.assign(wrapped, { declared });
}

/** The answer with `extra` headers (a copy when its own are immutable: a redirect). */
function withHeaders(answer: Response, extra: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(extra)) answer.headers.set(name, value);
    return answer;
  } catch {
    const headers = new Headers(answer.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
  }
}

/** Every call of a service account is audited under it, with the token and the status it got. */
async function auditServiceCall(service: ServiceCaller, name: string, request: Request, status: number): Promise<void> {
  await recordAudit(
    {
      actor: { id: service.user.id, email: service.user.email },
      action: "service_account.call",
      target: name,
      outcome: String(status),
      detail: { actor_kind: "service_account", token: service.tokenId, path: new URL(request.url).pathname },
      ip: clientIp(request),
    },
    await getDb(),
  );
}

async function parseInput(
  schema: Schema | undefined,
  raw: unknown,
  status: 400 | 422,
  t: Translator,
): Promise<{ value: unknown } | { response: Response }> {
  const unsafe = findUnsafeText(raw);
  if (unsafe) {
    return { response: jsonError(status, t("errors.unsafeText", { field: unsafe }), { kind: "validation", fields: { [unsafe]: t("errors.unsafeText", { field: unsafe }) } }) };
  }
  if (!schema) return { value: undefined };
  const parsed = await schema.safeParseAsync(raw);
  return parsed.success ? { value: parsed.data } : { response: validationError(parsed.error, status) };
}
