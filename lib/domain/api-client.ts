import type { AnswerReader } from "./answer";
import { readApiError } from "./api-error";
import type { UnknownOutcome } from "./errors";

/** A failed call to our own /api, with a message fit to show a person. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly kind: string | undefined;
  readonly outcome: UnknownOutcome | undefined;
  readonly requestId: string | undefined;

  constructor(
    message: string,
    init: { status: number; fields?: Record<string, string>; kind?: string; outcome?: UnknownOutcome; requestId?: string },
  ) {
    super(message);
    this.name = "ApiRequestError";
    this.status = init.status;
    this.fields = init.fields;
    this.kind = init.kind;
    this.outcome = init.outcome;
    this.requestId = init.requestId;
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
    throw new ApiRequestError("Could not reach the server. Check your connection and try again.", { status: 0, kind: "network" });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const data = readApiError(body);
    throw new ApiRequestError(data?.error || messageForStatus(response.status), {
      status: response.status,
      fields: data?.fields,
      kind: data?.kind,
      outcome: data?.outcome,
      requestId: data?.request_id ?? response.headers.get("x-request-id") ?? undefined,
    });
  }
  const answer = read(body);
  if (answer === undefined) {
    throw new ApiRequestError("The server sent an answer this page cannot read. Reload the page and try again.", {
      status: response.status,
      kind: "malformed",
    });
  }
  return answer;
}

/** Words for an error answer that carried none (a proxy's HTML page, an empty body). */
export function messageForStatus(status: number): string {
  if (status === 400 || status === 422) return "Some of the data is not valid. Check the fields and try again.";
  if (status === 401) return "Your session has ended. Sign in again.";
  if (status === 403) return "You are not allowed to do this.";
  if (status === 404) return "Not found.";
  if (status === 409) return "This conflicts with an earlier request. Reload and check before trying again.";
  if (status === 429) return "Too many requests. Wait a moment and try again.";
  if (status === 502 || status === 503) return "The payments provider is not answering properly. Try again in a moment.";
  if (status === 504) return "The payments provider took too long to answer. Try again in a moment.";
  return "Something went wrong on the server. Try again in a moment.";
}
