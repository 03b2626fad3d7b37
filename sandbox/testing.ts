/**
 * Small HTTP helpers for tests that talk to a running sandbox (used by the sandbox's own tests and
 * free for other suites). Plain fetch: no dependency on the dashboard's client.
 */
import { CHECKOUT_ANSWER_EXAMPLE, QRCODE_NOTIFICATION_EXAMPLE, REGISTRATION_ANSWER_FIELDS, SINGLE_READ_EXAMPLE } from "./doc-examples";
import type { ArmedFault, ReleaseMode } from "./faults";
import type { paymentDetail } from "./format";

// Tests reach into answers freely after checking their shape against the documentation's examples.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
interface ApiAnswer<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export async function requestToken(
  baseUrl: string,
  clientId = "sandbox-client",
  clientSecret = "sandbox-secret",
): Promise<string> {
  const res = await fetch(`${baseUrl}/auth/generate_token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ grant_type: "client_credentials" }),
  });
  if (res.status !== 200) throw new Error(`token request answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function toAnswer(res: Response): Promise<ApiAnswer> {
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text, headers: res.headers };
}

/** A tiny client bound to a base URL and a bearer token. */
export function sandboxClient(baseUrl: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    async get(path: string): Promise<ApiAnswer> {
      return toAnswer(await fetch(`${baseUrl}${path}`, { headers }));
    },
    async post(path: string, body: unknown): Promise<ApiAnswer> {
      return toAnswer(
        await fetch(`${baseUrl}${path}`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: typeof body === "string" ? body : JSON.stringify(body),
        }),
      );
    },
    /** Any request; headers given replace the defaults of the same name. */
    async raw(path: string, init: RequestInit = {}): Promise<ApiAnswer> {
      return toAnswer(
        await fetch(`${baseUrl}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } }),
      );
    },
  };
}
export type SandboxClient = ReturnType<typeof sandboxClient>;

/** Calls a /_control/ route. */
export async function control(baseUrl: string, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  return toAnswer(
    await fetch(`${baseUrl}/_control/${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/** A `hold` fault as a test drives it (README "Faults that wait for a signal"). */
export interface HeldFault {
  id: number;
  /** Resolves once the hold has caught `count` requests (default 1): the request went out and is parked. */
  arrived(count?: number): Promise<void>;
  /** Ends every parked request; resolves once each is processed (or dropped). Returns how many. */
  release(mode?: ReleaseMode): Promise<number>;
  /** The fault's counters: matched, held, released, remaining. */
  read(): Promise<ArmedFault>;
}

async function controlOk(baseUrl: string, method: string, path: string, body?: unknown) {
  const answer = await control(baseUrl, method, path, body);
  if (answer.status >= 300) throw new Error(`sandbox control ${method} ${path}: HTTP ${answer.status} ${answer.text}`);
  return answer.body;
}

/** Arms a hold on the calls matching `spec` (default: the next POST /v1/pix/payments). */
export async function armHold(baseUrl: string, spec: { method?: string; path?: string; times?: number } = {}): Promise<HeldFault> {
  const armed = await controlOk(baseUrl, "POST", "faults", { method: "POST", path: "/v1/pix/payments", ...spec, fault: "hold" });
  const id: number = armed.fault.id;
  return {
    id,
    arrived: async (count = 1) => void (await controlOk(baseUrl, "GET", `faults/${id}?arrived=${count}`)),
    release: async (mode = "commit") => (await controlOk(baseUrl, "POST", `faults/${id}/release`, { mode })).released,
    read: async () => (await controlOk(baseUrl, "GET", `faults/${id}`)).fault,
  };
}

/** Every payment the sandbox holds with this idempotent_id (GET /_control/payments), oldest first. */
export async function paymentsWithId(baseUrl: string, idempotentId: string): Promise<ReturnType<typeof paymentDetail>[]> {
  return (await controlOk(baseUrl, "GET", `payments?idempotent_id=${encodeURIComponent(idempotentId)}`)).payments;
}

/** Reads every page of a list query (query string without page). */
export async function listAllPages(client: SandboxClient, query: string) {
  const first = await client.get(`/v1/pix/payments?${query}&page=1`);
  if (first.status !== 200) throw new Error(`list answered ${first.status}: ${first.text}`);
  const pages = [first.body];
  for (let page = 2; page <= first.body.meta.total_pages; page++) {
    const next = await client.get(`/v1/pix/payments?${query}&page=${page}`);
    pages.push(next.body);
  }
  return { meta: first.body.meta, rows: pages.flatMap((p) => p.payments) };
}

/** Datetimes of answers, as the documentation writes them: YYYY-mm-ddTHH:MM:ss.SSS+/-HH:MM. */
export const DOC_DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

type Json = null | string | number | boolean | Json[] | { [key: string]: Json };

const kind = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/**
 * How `actual` differs in shape from one of the documentation's examples (doc-examples.ts):
 * keys missing or added, values of another JSON type. A null in the example stands for "null or
 * a string" (the examples print null for what is not set yet); `nullable` names keys whose value
 * may be null where the example shows a string; `extra` names keys the documentation gives
 * elsewhere; `trimKeys` compares keys trimmed (the examples' "end_to_end " is a quirk of the
 * doc mode). Arrays are compared item by item with the example's first item.
 */
export function shapeProblems(
  actual: unknown,
  example: Json,
  options: { nullable?: readonly string[]; extra?: readonly string[]; trimKeys?: boolean } = {},
  at = "",
): string[] {
  if (example === null) return actual === null || typeof actual === "string" ? [] : [`${at || "value"}: ${kind(actual)} where the documentation shows null`];
  if (kind(actual) !== kind(example)) {
    const key = at.split(".").pop() ?? "";
    if (actual === null && options.nullable?.includes(key)) return [];
    return [`${at || "value"}: ${kind(actual)} where the documentation shows ${kind(example)}`];
  }
  if (Array.isArray(example)) {
    const first = example[0];
    return first === undefined ? [] : (actual as unknown[]).flatMap((item, i) => shapeProblems(item, first, options, `${at}[${i}]`));
  }
  if (typeof example !== "object") return [];
  const norm = (k: string) => (options.trimKeys ? k.trim() : k);
  const got = new Map(Object.entries(actual as Record<string, unknown>).map(([k, v]) => [norm(k), v]));
  const want = new Map(Object.entries(example).map(([k, v]) => [norm(k), v]));
  const problems: string[] = [];
  for (const [key, value] of want) {
    if (!got.has(key)) problems.push(`${at}${at ? "." : ""}${key}: missing`);
    else problems.push(...shapeProblems(got.get(key), value, options, `${at}${at ? "." : ""}${key}`));
  }
  for (const key of got.keys()) {
    if (!want.has(key) && !options.extra?.includes(key)) problems.push(`${at}${at ? "." : ""}${key}: not in the documentation`);
  }
  return problems;
}

const { "end_to_end ": endToEnd, receiver_bank_name: _b, receiver_agency: _a, receiver_account: _c, receiver_account_type: _t, ...listed } = SINGLE_READ_EXAMPLE.payment;
const LIST_ITEM = { ...listed, end_to_end: endToEnd };
const META = { current_page: 1, total_pages: 1, total_items_amount: 1, total_value_cents: 10000 };
const QR_ITEM = { ...QRCODE_NOTIFICATION_EXAMPLE.body.message, external_reference: null };

/**
 * Answers as the documentation shapes them: its examples, and where it has none, its field tables
 * applied to them (a list item is the single read without the bank data; a QR code read adds the
 * payer's bank data to the QR code of the notification example).
 */
export const DOC_SHAPES = {
  registration: { payment: Object.fromEntries(REGISTRATION_ANSWER_FIELDS.map((k) => [k, LIST_ITEM[k]])) as Json },
  singleRead: SINGLE_READ_EXAMPLE as Json,
  list: { payments: [LIST_ITEM], meta: META } as Json,
  qrcode: { qrcode: { ...QR_ITEM, payer_bank_name: null, payer_agency: null, payer_account: null, payer_account_type: null } } as Json,
  qrcodeList: { qrcodes: [QR_ITEM], meta: META } as Json,
  token: { access_token: "eyJ...", token_type: "Bearer", expires_in: 1800 } as Json,
  createdQrcode: { qrcode: { reference_code: "ZENDRYTESTPIXQRCODE1", external_reference: null, content: "000201...", image_base64: "iVBORw0..." } } as Json,
  checkout: CHECKOUT_ANSWER_EXAMPLE as Json,
};

/** Keys the documentation marks optional (or "null until paid"): null is as good as a value there. */
export const DOC_NULLABLE = [
  "pix_key",
  "payment_date",
  "end_to_end",
  "receiver_bank_name",
  "receiver_agency",
  "receiver_account",
  "receiver_account_type",
  "generator_name",
  "generator_document",
  "payer_name",
  "payer_document",
] as const;

/** shapeProblems against a DOC_SHAPES entry with the documented optional keys. */
export const docShapeProblems = (actual: unknown, shape: Json, options: { trimKeys?: boolean; extra?: readonly string[] } = {}) =>
  shapeProblems(actual, shape, { nullable: DOC_NULLABLE, trimKeys: true, ...options });
