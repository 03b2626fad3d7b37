/**
 * Small HTTP helpers for tests that talk to a running sandbox (used by the sandbox's own tests and
 * free for other suites). Plain fetch: no dependency on the dashboard's client.
 */
// Tests reach into answers freely after checking them with the contract schemas.
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
