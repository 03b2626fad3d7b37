/**
 * Where the CPU of a proxied list page goes: the production server (last `next build`) runs
 * under `node --cpu-prof`, autocannon asks GET /api/payments?page=3 for a while, then the
 * profile is read back through the bundle's source maps (bench/cpu-profile.ts).
 *
 *   npx tsx bench/proxy-profile.ts [--duration 15] [--connections 10] [--path /api/payments?page=3] [--json out.json]
 *     [--app-port 3300] [--sandbox-port 4310]
 *
 * Prints the stages per request and the top self-time functions as Markdown.
 */
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { arg, argOr } from "./cli";
import { profileMarkdown, summarizeProfile, type ProfileSummary } from "./cpu-profile";
import { PROXY_SEED_COUNT, signIn } from "./proxy-overhead";
import { startBenchServer } from "./server";

type Autocannon = (o: { url: string; connections: number; duration: number; headers: Record<string, string> }) => Promise<{
  requests: { total: number };
  errors: number;
  non2xx: number;
}>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export type ProxyProfile = { requests: number; summary: ProfileSummary };

/** `path`: "/api/payments?page=3" (default) or "/api/health" (the Next.js floor, for comparison). */
export async function runProxyProfile(
  options: { durationS?: number; connections?: number; path?: string; seedCount?: number; appPort?: number; sandboxPort?: number } = {},
): Promise<ProxyProfile> {
  const dir = mkdtempSync(join(tmpdir(), "pix-cpu-prof-"));
  const server = await startBenchServer({ seedCount: options.seedCount ?? PROXY_SEED_COUNT, cpuProfileDir: dir, appPort: options.appPort, sandboxPort: options.sandboxPort });
  let requests = 0;
  try {
    const cookie = await signIn(server.appUrl, "viewer@demo.test", process.env.DEMO_PASSWORD ?? "demo-password");
    const url = `${server.appUrl}${options.path ?? "/api/payments?page=3"}`;
    const result = await autocannon({ url, connections: options.connections ?? 10, duration: options.durationS ?? 15, headers: { cookie } });
    if (result.errors || result.non2xx) throw new Error(`profile run: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
    requests = result.requests.total;
  } finally {
    await server.stop();
  }
  const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no .cpuprofile was written in ${dir}`);
  return { requests, summary: summarizeProfile(join(dir, file)) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const profile = await runProxyProfile({
    durationS: Number(argOr("duration", "15")),
    connections: Number(argOr("connections", "10")),
    path: argOr("path", "/api/payments?page=3"),
    appPort: arg("app-port") === undefined ? undefined : Number(arg("app-port")),
    sandboxPort: arg("sandbox-port") === undefined ? undefined : Number(arg("sandbox-port")),
  });
  console.log(profileMarkdown(profile.summary, profile.requests, `GET ${argOr("path", "/api/payments?page=3")} under autocannon`));
  const out = arg("json");
  if (out) writeFileSync(out, JSON.stringify(profile, null, 2));
}
