/**
 * `npm run fuzz:api -- --url http://localhost:3100`: a property-based run against a live server,
 * driven by its own document (GET /api/openapi.json). Signs in as a demo account (sandbox mode;
 * --email/--password, default admin@demo.test and DEMO_PASSWORD or "demo-password") or uses a
 * service account's token (--token pixbo_…), then sends each operation --runs requests (default
 * 10; a fixed --seed, default 4242): half drawn from its schemas (scripts/openapi/schema-arbitrary.ts),
 * half with one input the schema refuses. Fails (exit 1, each case listed) on any 5xx, any status
 * the operation does not declare, and any content type its declaration for that status does not name.
 * It creates records (transfers, charges...): run it against a throwaway instance only.
 */
import fc from "fast-check";
import { invalid, valid, type Components } from "./schema-arbitrary";

type Json = Record<string, unknown>;
type Operation = { method: string; path: string; op: Json };
type Case = { path: string; query: Record<string, unknown>; body: unknown; mode: "valid" | "invalid" };

const args = parseArgs(process.argv.slice(2));
const base = (args.url ?? "http://localhost:3000").replace(/\/$/, "");
const runs = Number(args.runs ?? 10);
const seed = Number(args.seed ?? 4242);
const TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  const started = Date.now();
  const auth: Record<string, string> = args.token ? { authorization: `Bearer ${args.token}` } : { cookie: await signIn() };
  const doc = (await (await fetch(`${base}/api/openapi.json`, { headers: auth })).json()) as Json & { paths: Record<string, Record<string, Json>>; components: Json };
  const components = ((doc.components as Json).schemas ?? {}) as Components;
  const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
  const failures: string[] = [];
  let sent = 0;
  for (const [index, operation] of operations.entries()) {
    const cases = fc.sample(caseArbitrary(operation, components), { seed: seed + index, numRuns: runs });
    for (const c of cases) {
      const problem = await send(operation, c, auth, doc);
      sent += 1;
      if (problem) failures.push(`${operation.method} ${operation.path} [${c.mode}] ${problem}\n    ${c.path}${queryString(c.query)} ${JSON.stringify(c.body)?.slice(0, 300) ?? ""}`);
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`fuzz:api: ${operations.length} operations, ${sent} requests in ${seconds} s (seed ${seed}, ${runs} per operation): ${failures.length} failures`);
  for (const failure of failures) console.log(`  ${failure}`);
  process.exit(failures.length ? 1 : 0);
}

function caseArbitrary({ path, op }: Operation, components: Components): fc.Arbitrary<Case> {
  const parameters = (op.parameters ?? []) as Array<{ name: string; in: string; required?: boolean; schema?: Json }>;
  const bodySchema = ((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.["application/json"]?.schema;
  return fc.boolean().chain((validMode) => {
    const pick = (schema: unknown) => (validMode ? valid(schema, components) : fc.oneof({ weight: 3, arbitrary: valid(schema, components) }, { weight: 1, arbitrary: invalid(schema, components) }));
    const pathParams = fc.record(Object.fromEntries(parameters.filter((p) => p.in === "path").map((p) => [p.name, pick(p.schema)])));
    const query = fc.record(Object.fromEntries(parameters.filter((p) => p.in === "query").map((p) => [p.name, pick(p.schema)])), { requiredKeys: [] });
    const body = bodySchema ? (validMode ? valid(bodySchema, components) : invalid(bodySchema, components)) : fc.constant(undefined);
    return fc.record({ pathParams, query, body }).map(({ pathParams: values, query: q, body: b }) => ({
      // An empty segment is another address (Next.js redirects it, 308): never this operation's input.
      path: path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? "x")) || "0"),
      query: q,
      body: b,
      mode: validMode ? "valid" : "invalid",
    }));
  });
}

async function send(operation: Operation, c: Case, auth: Record<string, string>, doc: Json): Promise<string | null> {
  const headers: Record<string, string> = { ...auth, origin: base, accept: "application/json" };
  const raw = rawBodyType(operation.op);
  let body: string | undefined;
  if (c.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(c.body);
  } else if (raw) {
    headers["content-type"] = raw;
    body = "nome;valor\nMaria;10,00\n";
  }
  let response: Response;
  try {
    response = await fetch(`${base}${c.path}${queryString(c.query)}`, { method: operation.method, headers, body, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    return `no answer: ${(error as Error).message}`;
  }
  const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
  const text = type === "text/event-stream" ? (await response.body?.cancel(), "") : await response.text();
  const status = response.status;
  if (status >= 500) return `${status} ${type} ${text.slice(0, 200)}`;
  const responses = (operation.op.responses ?? {}) as Record<string, Json>;
  const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
  if (!declared) return `${status} is not declared (${Object.keys(responses).join(", ")})`;
  const content = (resolve(declared, doc).content ?? {}) as Record<string, unknown>;
  const media = Object.keys(content);
  if (!media.length) return text.length ? `${status}: a body (${type}) where none is declared` : null;
  return media.includes(type) ? null : `${status}: content-type "${type}", declared ${media.join(" or ")}`;
}

function resolve(node: Json, doc: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== "string") return node;
  const [, , kind, name] = ref.split("/");
  return ((doc.components as Record<string, Record<string, Json>>)[kind ?? ""]?.[name ?? ""] ?? {}) as Json;
}

function rawBodyType(op: Json): string | undefined {
  const content = (op.requestBody as Json | undefined)?.content as Record<string, unknown> | undefined;
  return content && !("application/json" in content) ? Object.keys(content)[0] : undefined;
}

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(name, typeof value === "object" && value !== null ? (Array.isArray(value) ? value.join(",") : JSON.stringify(value)) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

async function signIn(): Promise<string> {
  const email = args.email ?? "admin@demo.test";
  const password = args.password ?? process.env.DEMO_PASSWORD ?? "demo-password";
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

function parseArgs(list: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < list.length; i += 1) {
    const name = list[i]?.replace(/^--/, "");
    if (name && list[i + 1] !== undefined) out[name] = list[(i += 1)]!;
  }
  return out;
}

await main();
