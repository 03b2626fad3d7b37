import "server-only";
import "@/lib/zod-config";
import { z } from "zod";
import { rolesFor } from "@/lib/auth/roles";
import { problemSchema } from "@/lib/domain/errors";
import { PROBLEM_MEDIA_TYPE } from "./problem";
import { exampleOf } from "./openapi-examples";
import { isFileAnswer, type AnswerSpec } from "./answers";
import type { DeclaredRoute } from "./route";

/**
 * The OpenAPI 3.1 document of our /api, made from what each route declares with `route()`:
 * its path and params, query, JSON body (or raw body's media types), answers per status, who may
 * call it and how. Schemas are converted with zod 4's own `z.toJSONSchema` (JSON Schema 2020-12,
 * the dialect of OpenAPI 3.1): a schema given an id with `.meta({ id })` becomes a named
 * component, every 4xx and 5xx is the one error shape. Nothing here is written by hand twice.
 */

type Json = Record<string, unknown>;
type Doc = Json & { paths: Record<string, Record<string, Json>>; components: Json & { schemas: Record<string, Json> } };

const REF = (id: string) => `#/components/schemas/${id}`;
const PROBLEM_ID = "Problem";
/** Better Auth's session cookie ("__Secure-" in front over HTTPS). */
const SESSION_COOKIE = "pix.session_token";

/** GET /api/openapi.json answers the document itself (its shape is OpenAPI's, checked by the validator). */
export const openApiDocumentAnswer = z
  .looseObject({ openapi: z.literal("3.1.0"), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) })
  .meta({ id: "OpenApiDocument" });

export type OpenApiOptions = { serverUrl: string; version: string };

export function buildOpenApiDocument(routes: readonly DeclaredRoute[], options: OpenApiOptions): Doc {
  const answers = z.registry<{ id: string }>();
  answers.add(problemSchema, { id: PROBLEM_ID });
  const operations: Array<{ route: DeclaredRoute; method: string; path: string; answerIds: Record<string, { id: string } | { file: AnswerSpec }> }> = [];
  for (const route of [...routes].sort((a, b) => a.name.localeCompare(b.name))) {
    const [method = "GET", rawPath = ""] = route.name.split(" ");
    const path = rawPath.replace(/\[(\w+)\]/g, "{$1}");
    const answerIds: (typeof operations)[number]["answerIds"] = {};
    for (const [status, spec] of Object.entries(route.answers)) {
      if (isFileAnswer(spec)) {
        if (spec.json) answers.add(spec.json, { id: componentId(spec.json, operationId(method, path), status) });
        answerIds[status] = { file: spec };
      } else {
        const id = componentId(spec, operationId(method, path), status);
        if (!answers.has(spec)) answers.add(spec, { id });
        answerIds[status] = { id: answers.get(spec)?.id ?? id };
      }
    }
    operations.push({ route, method: method.toLowerCase(), path, answerIds });
  }
  const schemas = componentsOf(z.toJSONSchema(answers, { target: "draft-2020-12", io: "output", unrepresentable: "any", cycles: "ref", uri: REF }).schemas);

  const paths: Doc["paths"] = {};
  for (const { route, method, path, answerIds } of operations) {
    const responses: Record<string, Json> = {};
    for (const [status, answer] of Object.entries(answerIds)) {
      if ("id" in answer) {
        const media = { schema: { $ref: REF(answer.id) }, example: exampleOf({ $ref: REF(answer.id) }, schemas) };
        responses[status] = { description: describeStatus(Number(status)), ...rateHeadersOf(route, Number(status)), content: { "application/json": media } };
        continue;
      }
      const file = answer.file;
      if (!isFileAnswer(file)) continue;
      const content: Record<string, Json> = Object.fromEntries(file.contentTypes.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]));
      if (file.json) {
        const ref = REF(answers.get(file.json)?.id ?? "");
        content["application/json"] = { schema: { $ref: ref }, example: exampleOf({ $ref: ref }, schemas) };
      }
      const headers = rateHeadersOf(route, Number(status));
      responses[status] = Object.keys(content).length ? { description: file.description, ...headers, content } : { description: file.description, ...headers };
    }
    if (route.permission !== "public") responses["401"] = { $ref: "#/components/responses/Unauthenticated" };
    if (route.rateLimited) responses["429"] = { $ref: "#/components/responses/RateLimited" };
    responses["4XX"] = { $ref: "#/components/responses/Problem" };
    responses["500"] = { $ref: "#/components/responses/Problem" };
    responses["5XX"] = { $ref: "#/components/responses/Problem" };
    const parameters = [...parametersOf(route.schemas.params, "path"), ...parametersOf(route.schemas.query, "query")];
    const operation: Json = {
      operationId: operationId(method, path),
      summary: route.summary,
      description: accessOf(route),
      tags: [tagOf(path)],
      ...(parameters.length ? { parameters } : {}),
      ...requestBodyOf(route, schemas),
      responses,
      ...(route.permission === "public" ? { security: [] } : {}),
      "x-permission": route.permission,
      ...(route.stepUp ? { "x-step-up": true } : {}),
    };
    paths[path] ??= {};
    paths[path][method] = operation;
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Pix back office API",
      version: options.version,
      description:
        "Transfers, batches, payments and the back office's own records. Amounts are integer cents; instants are ISO 8601; " +
        "error messages are in Portuguese, or English with the cookie NEXT_LOCALE=en. A browser signs in with its " +
        "session cookie; a program (an ERP) with a service account's token: `Authorization: Bearer pixbo_…`. " +
        "On an operation that declares query parameters, any other is refused (400, naming it in `fields`), never ignored.",
    },
    // An internal back office: its API serves the company's own people and systems.
    servers: [{ url: options.serverUrl, "x-internal": true }],
    security: [{ session: [] }, { bearer: [] }],
    tags: [...new Set(operations.map((o) => tagOf(o.path)))].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses: {
        Problem: {
          description: "Refused or failed (RFC 9457): `detail` and `error` in the caller's language, `kind` for programs, `fields` for validation, `request_id` for support. A 401 carries WWW-Authenticate.",
          content: { [PROBLEM_MEDIA_TYPE]: { schema: { $ref: REF(PROBLEM_ID) }, example: (problemSchema.meta()?.examples as unknown[] | undefined)?.[0] } },
        },
        Unauthenticated: {
          description: "No session and no token, or a token that is unknown, revoked or expired (`kind` unauthenticated).",
          headers: { "WWW-Authenticate": { description: 'The challenge: `Bearer realm="api"` (with `error="invalid_token"` for a bad token).', schema: { type: "string" } } },
          content: { [PROBLEM_MEDIA_TYPE]: { schema: { $ref: REF(PROBLEM_ID) }, example: UNAUTHENTICATED_EXAMPLE } },
        },
        RateLimited: {
          description: "Over a rate limit (a service account's token: its requests per minute; an open route: per address). Wait `Retry-After` seconds.",
          headers: { "Retry-After": { $ref: "#/components/headers/Retry-After" }, ...RATE_HEADER_REFS },
          content: { [PROBLEM_MEDIA_TYPE]: { schema: { $ref: REF(PROBLEM_ID) }, example: RATE_LIMITED_EXAMPLE } },
        },
      },
      headers: {
        "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer", format: "int32", minimum: 1, maximum: 86400 } },
        RateLimit: {
          description: 'What is left of the limit now (IETF draft-ietf-httpapi-ratelimit-headers): `"<policy>";r=<requests left>;t=<seconds to reset>`. Sent on every call made with a token and on the open rate-limited routes.',
          schema: { type: "string", example: '"token";r=117;t=42' },
        },
        "RateLimit-Policy": {
          description: 'The limit (IETF draft): `"<policy>";q=<requests>;w=<window in seconds>`. Policies: `token` (a service account\'s token, its rate per minute), `public` (an open route, per address).',
          schema: { type: "string", example: '"token";q=120;w=60' },
        },
      },
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The browser's session (signed in at /login); `__Secure-` in front over HTTPS." },
        bearer: { type: "http", scheme: "bearer", description: "A service account's token (`pixbo_…`), issued once on /users or by POST /api/service-accounts/{id}/tokens." },
      },
    },
  };
}

/**
 * The converted schemas as components. Shapes given an id with `.meta({ id })` (Transfer,
 * Person...) come out of zod under "__shared"; each becomes a component of its own, and every
 * reference to it points there. (The ids are read from the schemas the routes reach, never from
 * zod's global list: in a server each route bundle registers its own copy of a shared schema.)
 */
function componentsOf(converted: Record<string, unknown>): Record<string, Json> {
  const SHARED = "__shared";
  const shared = ((converted[SHARED] as Json | undefined)?.$defs ?? {}) as Record<string, Json>;
  const all: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(converted)) {
    if (id === SHARED) continue;
    const { $schema: _s, $id: _i, ...rest } = schema as Json;
    all[id] = rest;
  }
  for (const [id, schema] of Object.entries(shared)) all[id] ??= schema;
  const text = JSON.stringify(all).replaceAll(`${REF(SHARED)}#/$defs/`, REF(""));
  return withIntegerFormats(JSON.parse(text) as Record<string, Json>);
}

/** Every integer says its size: int64 (our integers are JavaScript's safe integers: cents, counts, ids). */
function withIntegerFormats<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withIntegerFormats) as T;
  if (typeof node !== "object" || node === null) return node;
  const out = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withIntegerFormats(value)])) as Json;
  if (out.type === "integer" && out.format === undefined) out.format = "int64";
  return out as T;
}

function componentId(schema: z.ZodType, operation: string, status: string): string {
  const id = z.globalRegistry.get(schema)?.id;
  return typeof id === "string" ? id : `${operation[0]?.toUpperCase()}${operation.slice(1)}${status}`;
}

/** `get /api/transfers/{id}/receipt` -> "getTransfersIdReceipt". */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[/{}._-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return `${method.toLowerCase()}${words.join("")}`;
}

function tagOf(path: string): string {
  return path.split("/")[2] ?? "api";
}

function accessOf(route: DeclaredRoute): string {
  if (route.permission === "public") return "No session: its own authentication, or nothing to protect.";
  const roles = rolesFor(route.permission).join(", ");
  const stepUp = route.stepUp ? " A session asks for the password again when the last proof is older than the step-up window (403 `step_up_required`)." : "";
  return `Roles: ${roles}.${stepUp}`;
}

const RATE_HEADER_REFS = { RateLimit: { $ref: "#/components/headers/RateLimit" }, "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" } };

const UNAUTHENTICATED_EXAMPLE = {
  type: "tag:pix-backoffice,2026:problem:unauthenticated",
  title: "Unauthorized",
  status: 401,
  detail: "É preciso entrar",
  error: "É preciso entrar",
  kind: "unauthenticated",
  request_id: "5f0c1e9a-7a51-4d4e-9a38-0b7b2c1f2d11",
};

const RATE_LIMITED_EXAMPLE = {
  type: "tag:pix-backoffice,2026:problem:rate_limited",
  title: "Too Many Requests",
  status: 429,
  detail: "Muitas requisições para este token; tente de novo em 42 s",
  error: "Muitas requisições para este token; tente de novo em 42 s",
  kind: "rate_limited",
  request_id: "5f0c1e9a-7a51-4d4e-9a38-0b7b2c1f2d11",
};

/** A success of a rate-limited operation carries what is left of the limit. */
function rateHeadersOf(route: DeclaredRoute, status: number): Json {
  return route.rateLimited && status < 300 ? { headers: RATE_HEADER_REFS } : {};
}

function describeStatus(status: number): string {
  return ({ 200: "OK", 201: "Created", 202: "Accepted: waits (for approval, for a second admin) or is still being sent", 503: "Not ready" } as Record<number, string>)[status] ?? String(status);
}

/** Input schemas are inlined (as read: defaults optional, coercions as strings are sent). */
function inputSchema(schema: z.ZodType): Json {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
    cycles: "ref",
    reused: "inline",
    metadata: z.registry(),
    override: withoutRefusedFields,
  }) as Json;
  return withIntegerFormats(rest);
}

/**
 * A field a request schema names only to refuse it with a message of its own (`z.undefined()`,
 * e.g. `authorized`: the back office's approvals are the authorization) is not a field a caller
 * may send: the document leaves it out.
 */
function withoutRefusedFields(ctx: { zodSchema: unknown; jsonSchema: Json }): void {
  const def = (ctx.zodSchema as { _zod?: { def?: { type?: string; shape?: Record<string, z.ZodType> } } })._zod?.def;
  if (def?.type !== "object" || !def.shape) return;
  const properties = ctx.jsonSchema.properties as Record<string, Json> | undefined;
  for (const [name, field] of Object.entries(def.shape)) {
    let inner: z.ZodType = field;
    while (inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
    if (inner instanceof z.ZodUndefined && properties) delete properties[name];
  }
}

/** Path or query parameters: the members of the params or query schema (an object, a pipe of one, or an intersection). */
function parametersOf(schema: z.ZodType | undefined, where: "path" | "query"): Json[] {
  if (!schema) return [];
  const json = inputSchema(schema);
  const parts = (json.allOf as Json[] | undefined) ?? [json];
  const out: Json[] = [];
  for (const part of parts) {
    const properties = (part.properties ?? {}) as Record<string, Json>;
    const required = new Set((part.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...rest } = property;
      // A path segment is never empty: an empty one is another address (the server redirects it).
      const schema = where === "path" && rest.type === "string" && rest.minLength === undefined ? { ...rest, minLength: 1 } : rest;
      out.push({ name, in: where, required: where === "path" || required.has(name), schema, ...(description ? { description } : {}) });
    }
  }
  return out;
}

function requestBodyOf(route: DeclaredRoute, schemas: Record<string, Json>): Json {
  if (route.body === "json" && route.schemas.body) {
    const schema = inputSchema(route.schemas.body);
    return { requestBody: { required: true, content: { "application/json": { schema, example: exampleOf(schema, schemas) } } } };
  }
  if (route.body === "raw" && route.rawBodyTypes.length) {
    return { requestBody: { required: true, content: Object.fromEntries(route.rawBodyTypes.map((type) => [type, { schema: { type: "string", contentMediaType: type } }])) } };
  }
  return {};
}
