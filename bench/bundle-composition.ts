/**
 * What the JavaScript of one page is made of, package by package: builds with browser source
 * maps (BROWSER_SOURCE_MAPS=1, next.config.ts), starts the bench server, reads the scripts the
 * page's HTML loads (not the noModule polyfills modern browsers skip) and attributes each
 * chunk's gzip size to the sources its source map names, in proportion to their bytes.
 *
 *   npx tsx bench/bundle-composition.ts [--page /payments] [--skip-build] [--top 30] [--files] [--inside next]
 *     [--app-port 3300] [--sandbox-port 4310]
 *
 * Estimates (gzip of each whole chunk, shared out by uncompressed bytes); the page total is
 * close to the bench's transferred bytes. Leaves .next built WITH source maps: run `next build`
 * (or `npm run bench`) again before measuring anything else.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { signIn } from "./proxy-overhead";
import { ROOT, startBenchServer } from "./server";
import { argOr } from "./cli";

type MappingItem = { generatedLine: number; generatedColumn: number; source: string | null };
type Consumer = { eachMapping(fn: (m: MappingItem) => void): void };
// source-map-js is what PostCSS (a dependency of Next.js) uses: always installed with next.
const { SourceMapConsumer } = createRequire(import.meta.url)("source-map-js") as {
  SourceMapConsumer: new (map: unknown) => Consumer;
};


/** node_modules/@scope/pkg/... -> @scope/pkg; next's compiled React keeps its own name. */
export function owner(source: string, byFile = false): string {
  const path = source.replace(/^turbopack:\/\/\/\[project\]\//, "");
  const compiled = /next\/dist\/compiled\/([^/]+)/.exec(path);
  if (compiled) return `${compiled[1]} (in next)`;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (nm) return nm[1]!;
  if (path.startsWith("turbopack:")) return "turbopack runtime";
  return byFile ? path : path.split("/").slice(0, 2).join("/");
}

/** --files: our own code file by file instead of by folder; --inside next: one package by file. */
const BY_FILE = process.argv.includes("--files");
const INSIDE = argOr("inside", "");

function chunkComposition(file: string): Map<string, number> {
  const code = readFileSync(file, "utf8");
  const gzip = gzipSync(code).length;
  const out = new Map<string, number>();
  const mapName = /sourceMappingURL=(\S+)\s*$/.exec(code.slice(-300))?.[1];
  if (!mapName) return new Map([["(no source map)", gzip]]);
  const lines = code.split("\n");
  const bytes = new Map<string, number>();
  const segments = new Map<number, Array<[number, string]>>();
  new SourceMapConsumer(JSON.parse(readFileSync(join(file, "..", mapName), "utf8"))).eachMapping((m) => {
    const list = segments.get(m.generatedLine - 1) ?? [];
    list.push([m.generatedColumn, m.source ?? "?"]);
    segments.set(m.generatedLine - 1, list);
  });
  for (const [line, list] of segments) {
    list.sort((a, b) => a[0] - b[0]);
    list.forEach(([column, source], i) => {
      const end = i + 1 < list.length ? list[i + 1]![0] : (lines[line]?.length ?? column);
      const key = INSIDE && owner(source) === INSIDE ? source.replace(/.*node_modules\//, "") : owner(source, BY_FILE);
      bytes.set(key, (bytes.get(key) ?? 0) + end - column);
    });
  }
  const total = [...bytes.values()].reduce((a, b) => a + b, 0) || 1;
  for (const [key, n] of bytes) out.set(key, (gzip * n) / total);
  return out;
}

async function main(): Promise<void> {
  const pagePath = argOr("page", "/payments");
  if (!process.argv.includes("--skip-build")) {
    const built = spawnSync(join(ROOT, "node_modules/.bin/next"), ["build"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, BROWSER_SOURCE_MAPS: "1", NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (built.status !== 0) throw new Error("next build failed");
  }
  const server = await startBenchServer({ seedCount: 3_000, appPort: Number(argOr("app-port", "3300")), sandboxPort: Number(argOr("sandbox-port", "4310")) });
  try {
    // Signed in as the admin (every page open), except /login, which sends a signed-in visitor on.
    const cookie = pagePath.startsWith("/login") ? "" : await signIn(server.appUrl, "admin@demo.test", process.env.DEMO_PASSWORD ?? "demo-password");
    const html = await (await fetch(`${server.appUrl}${pagePath}`, { headers: { cookie } })).text();
    const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
    const chunks = new Set<string>();
    for (const tag of tags) {
      if (/noModule/i.test(tag)) continue;
      const src = /(?:src|href)="\/_next\/static\/chunks\/([^"]+\.js)"/.exec(tag)?.[1];
      if (src) chunks.add(src);
    }
    const totals = new Map<string, number>();
    for (const chunk of chunks) {
      for (const [key, n] of chunkComposition(join(ROOT, process.env.NEXT_DIST_DIR ?? ".next", "static/chunks", chunk))) totals.set(key, (totals.get(key) ?? 0) + n);
    }
    const sum = [...totals.values()].reduce((a, b) => a + b, 0);
    console.log(`${pagePath}: ${chunks.size} scripts, about ${(sum / 1000).toFixed(1)} kB gzip (lazy chunks loaded later are not counted)\n`);
    console.log("| source | kB gzip (est.) | share |\n|---|---:|---:|");
    const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(argOr("top", "30")));
    for (const [key, n] of rows) console.log(`| ${key} | ${(n / 1000).toFixed(1)} | ${((100 * n) / sum).toFixed(1)}% |`);
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
