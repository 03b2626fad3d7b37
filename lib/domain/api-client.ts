// The words of our own failures, in both languages: this module runs in the browser outside
// React (TanStack Query's queryFn), where no translator is at hand. The message files are the one
// source; their `apiErrors` namespace alone is read (its own small file: every page ships it).
import enWords from "@/messages/en/apiErrors.json";
import ptWords from "@/messages/pt-BR/apiErrors.json";
import { DEFAULT_LOCALE, resolveLocale, type Locale } from "@/lib/i18n/config";
import type { AnswerReader } from "./answer";
import { readProblem } from "./read-problem";

/** A failed call to our own /api, with a message fit to show a person. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly kind: string | undefined;
  readonly requestId: string | undefined;
  /** With kind "step_up_required": what the server asks for again (components/auth/step-up.tsx answers it). */
  readonly stepUp: "password" | "code" | "passkey" | undefined;

  constructor(
    message: string,
    init: { status: number; fields?: Record<string, string>; kind?: string; requestId?: string; stepUp?: "password" | "code" | "passkey" },
  ) {
    super(message);
    this.name = "ApiRequestError";
    this.status = init.status;
    this.fields = init.fields;
    this.kind = init.kind;
    this.requestId = init.requestId;
    this.stepUp = init.stepUp;
  }
}

export function isApiRequestError(err: unknown): err is ApiRequestError {
  return err instanceof ApiRequestError;
}

type Options = { signal?: AbortSignal; fetch?: typeof fetch };

/**
 * GET a same-origin /api path and read the answer with `read` (TanStack Query's queryFn).
 * Readers: `answerWith` (checks members; pages that only read) or `answerParsedBy` (zod; forms).
 */
export function apiGet<T>(path: string, read: AnswerReader<T>, options: Options = {}): Promise<T> {
  return request(path, read, { method: "GET" }, options);
}

/** POST JSON to a same-origin /api path and read the answer with `read`. */
export function apiPost<T>(path: string, body: unknown, read: AnswerReader<T>, options: Options = {}): Promise<T> {
  return request(path, read, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } }, options);
}

/** PUT JSON to a same-origin /api path (a whole new version of something: the approval policy). */
export function apiPut<T>(path: string, body: unknown, read: AnswerReader<T>, options: Options = {}): Promise<T> {
  return request(path, read, { method: "PUT", body: JSON.stringify(body), headers: { "content-type": "application/json" } }, options);
}

/** PATCH JSON to a same-origin /api path (some fields of something). */
export function apiPatch<T>(path: string, body: unknown, read: AnswerReader<T>, options: Options = {}): Promise<T> {
  return request(path, read, { method: "PATCH", body: JSON.stringify(body), headers: { "content-type": "application/json" } }, options);
}

/** DELETE a same-origin /api resource (a batch's draft). */
export function apiDelete<T>(path: string, read: AnswerReader<T>, options: Options = {}): Promise<T> {
  return request(path, read, { method: "DELETE" }, options);
}

async function request<T>(path: string, read: AnswerReader<T>, init: RequestInit, options: Options): Promise<T> {
  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(path, {
      ...init,
      headers: { accept: "application/json", ...(init.headers as Record<string, string> | undefined) },
      credentials: "same-origin",
      cache: "no-store",
      signal: options.signal,
    });
  } catch (err) {
    if ((err as { name?: string }).name === "AbortError") throw err;
    throw new ApiRequestError(apiWords().network, { status: 0, kind: "network" });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const data = readProblem(body);
    throw new ApiRequestError(data?.error || messageForStatus(response.status), {
      status: response.status,
      fields: data?.fields,
      kind: data?.kind,
      requestId: data?.request_id ?? response.headers.get("x-request-id") ?? undefined,
      stepUp: stepUpOf(body),
    });
  }
  const answer = read(body);
  if (answer === undefined) {
    throw new ApiRequestError(apiWords().malformed, {
      status: response.status,
      kind: "malformed",
    });
  }
  return answer;
}

/** The `step_up` member of a 403 asking for the password, code or passkey again. */
function stepUpOf(body: unknown): "password" | "code" | "passkey" | undefined {
  const value = (body as { step_up?: unknown } | null | undefined)?.step_up;
  return value === "password" || value === "code" || value === "passkey" ? value : undefined;
}

type ApiWords = typeof enWords;
const WORDS: Record<Locale, ApiWords> = { en: enWords, "pt-BR": ptWords };

/** The page's language (`<html lang>`, set by the server from NEXT_LOCALE); pt-BR outside a browser. */
function apiWords(locale?: Locale): ApiWords {
  const lang = locale ?? (typeof document === "undefined" ? DEFAULT_LOCALE : resolveLocale(document.documentElement.lang));
  return WORDS[lang];
}

/** Words for an error answer that carried none (a proxy's HTML page, an empty body), in the page's language. */
export function messageForStatus(status: number, locale?: Locale): string {
  const words = apiWords(locale);
  if (status === 400 || status === 422) return words.invalid;
  if (status === 401) return words.signedOut;
  if (status === 403) return words.forbidden;
  if (status === 404) return words.notFound;
  if (status === 409) return words.conflict;
  if (status === 429) return words.tooMany;
  if (status === 502 || status === 503) return words.provider;
  if (status === 504) return words.providerSlow;
  return words.server;
}
