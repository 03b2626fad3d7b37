import { randomUUID } from "node:crypto";
import { validate } from "@readme/openapi-parser";
import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { ANON_ENGLISH } from "./api-helpers";
import { E2E, ROLES, storageStateFor, type E2EAccount } from "./env";
import { cookieHeader, documentChecker } from "./openapi-contract";
import { freshCpf } from "./register-helpers";

/**
 * The published API against its own document: GET /api/openapi.json is valid OpenAPI 3.1, and
 * every operation in it, called on the running build as a person of the first role it names (or
 * with no session when it is public), answers a status the document lists, with a body that the
 * document's JSON Schema accepts (ajv on the document, not our zod schemas). Known records
 * (a transfer, a batch, a completed payment) are made or picked first so that reads answer 200.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read off the wire, checked by the assertions
type Json = Record<string, any>;

const COMPLETED_PAYMENT = "sandbox-known-completed-no-qr";
const BATCH_CSV = "valor;nome;documento;tipo_chave;chave\n12,34;Contrato Lote;390.533.447-05;email;lote@example.com\n";

async function as(browser: Browser, account: E2EAccount | null): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL: E2E.appUrl, storageState: account ? storageStateFor(account) : ANON_ENGLISH });
  return context.request;
}

/** The first demo account among the roles an operation names ("Roles: operator, admin."). */
function accountFor(operation: Json): E2EAccount | null {
  if (operation["x-permission"] === "public") return null;
  const named = /Roles: ([^.]*)\./.exec(String(operation.description))?.[1]?.split(", ") ?? [];
  return (ROLES.find((r) => named.includes(r)) ?? "admin") as E2EAccount;
}

test("GET /api/openapi.json is valid OpenAPI 3.1 and every route's real answer matches it", async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await as(browser, "admin");
  const res = await admin.get("/api/openapi.json");
  expect(res.status()).toBe(200);
  const doc = (await res.json()) as Json;
  const valid = await validate(structuredClone(doc) as never);
  expect(valid.valid, JSON.stringify(valid)).toBe(true);
  expect(doc.openapi).toBe("3.1.0");
  const check = documentChecker(doc);

  // Records to read: a transfer and a batch of the operator's.
  const operator = await as(browser, "operator");
  const created = await operator.post("/api/transfers", {
    data: { idempotent_id: `e2e-doc-${Date.now().toString(36)}`, value_cents: 1_234, initiation_type: "dict", receiver_name: "Contrato Doc", receiver_document: freshCpf(), pix_key_type: "email", pix_key: "doc@example.com" },
    headers: { origin: E2E.appUrl },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect((await check("/api/transfers", "POST", created)).problem).toBeNull();
  const transferId = ((await created.json()) as Json).transfer.id as string;
  const uploaded = await operator.post("/api/batches", { data: BATCH_CSV, headers: { origin: E2E.appUrl, "content-type": "text/csv", "x-file-name": "doc.csv" } });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const batchId = ((await uploaded.json()) as Json).batch.id as string;

  const params: Record<string, string> = { id: transferId, idempotent_id: COMPLETED_PAYMENT, end_to_end: "E00000000000000000000000000NONE" };
  const paramsFor = (path: string): Record<string, string> => ({ ...params, ...(path.startsWith("/api/batches/") ? { id: batchId } : {}), ...(/alerts|reconciliation|pending-changes|users|receivers|cost-centres|service-accounts/.test(path) ? { id: randomUUID() } : {}) });
  // Bodies that pass validation where it is harmless; every other change gets {} (a 4xx, documented too).
  const bodies: Record<string, unknown> = {
    "POST /api/me/locale": { locale: "en" },
    "POST /api/alerts/seen": { up_to: 0 },
    "PUT /api/me/notifications": { kinds: {} },
    "POST /api/receivers": { nickname: `Doc ${Date.now().toString(36)}`, receiver_name: "Contrato Doc", receiver_document: freshCpf(), initiation_type: "dict", pix_key_type: "email", pix_key: "doc@example.com" },
    "POST /api/cost-centres": { code: `D${Date.now().toString(36).slice(-5).toUpperCase()}`, name: "Contrato" },
  };
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const queries: Record<string, string> = { "/api/statement": `?start=${today}&end=${today}`, "/api/transfers/by-cost-centre": `?start=${today}&end=${today}` };
  // Reads first, then changes; what ends a record (DELETE, cancel) last.
  const order = (m: string, p: string) => (m === "get" ? 0 : /delete|cancel|reject|discard/.test(`${m} ${p}`) ? 2 : 1);
  const operations = Object.entries(doc.paths as Record<string, Record<string, Json>>)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })))
    .sort((a, b) => order(a.method, a.path) - order(b.method, b.path));

  const problems: string[] = [];
  const answered: Record<string, number> = {};
  const contexts = new Map<string, APIRequestContext>();
  for (const { path, method, operation } of operations) {
    const account = accountFor(operation);
    const key = account ?? "anonymous";
    if (!contexts.has(key)) contexts.set(key, await as(browser, account));
    const request = contexts.get(key)!;
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(paramsFor(path)[name] ?? randomUUID())) + (method === "get" ? (queries[path] ?? "") : "");
    const name = `${method.toUpperCase()} ${path}`;
    if (path === "/api/events") {
      // A stream stays open: its headers are checked, then it is let go.
      const abort = new AbortController();
      const streamed = await fetch(`${E2E.appUrl}${url}`, { headers: { cookie: cookieHeader(account!) }, signal: abort.signal });
      const result = await check(path, "GET", streamed, false);
      abort.abort();
      answered[name] = result.status;
      if (result.problem) problems.push(`${name}: ${result.problem}`);
      continue;
    }
    const res = await request.fetch(url, {
      method: method.toUpperCase(),
      headers: { origin: E2E.appUrl },
      ...(method === "get" || method === "delete" ? {} : { data: bodies[name] ?? {} }),
    });
    const result = await check(path, method, res);
    answered[name] = result.status;
    if (result.problem) problems.push(`${name} (${account ?? "no session"}): ${result.problem}`);
  }
  expect(problems).toEqual([]);
  // Every documented operation was called, and the reads that matter answered 200 (so their bodies were checked).
  expect(Object.keys(answered).length).toBe(operations.length);
  for (const read of ["GET /api/transfers", "GET /api/transfers/{id}", "GET /api/batches", "GET /api/batches/{id}", "GET /api/payments", "GET /api/payments/{idempotent_id}", "GET /api/users", "GET /api/audit", "GET /api/insights", "GET /api/statement", "GET /api/settings/approvals", "GET /api/receivers", "GET /api/cost-centres"]) {
    expect(answered[read], read).toBe(200);
  }
  const succeeded = Object.values(answered).filter((s) => s >= 200 && s < 300).length;
  expect(succeeded).toBeGreaterThanOrEqual(40);
});

test("/api/docs is a page of its own for admins: every route, no script, no external resource; others get 403", async ({ browser }) => {
  const admin = await as(browser, "admin");
  const page = await admin.get("/api/docs");
  expect(page.status()).toBe(200);
  expect(page.headers()["content-type"]).toContain("text/html");
  expect(page.headers()["content-security-policy"]).toContain("default-src 'none'");
  const html = await page.text();
  expect(html).toContain("<code>/api/transfers/{id}/receipt</code>");
  expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/i);
  const viewer = await as(browser, "viewer");
  expect((await viewer.get("/api/docs")).status()).toBe(403);
  expect((await viewer.get("/api/openapi.json")).status()).toBe(403);
});
