/**
 * Reads a V8 `.cpuprofile` of the production server and says where its CPU went, in the
 * original source's words: the server bundle is minified, so every frame is mapped back through
 * the `.js.map` Next.js writes beside each chunk. Two views:
 *  - `top`: self time per function (file:line), the profile's own top entries;
 *  - `stages`: inclusive time of the functions that make one proxied list page, per request.
 *
 *   tsx bench/cpu-profile.ts <file.cpuprofile> [--requests N]
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { originalPositionFor, sourceContentFor, TraceMap } from "@jridgewell/trace-mapping";
import { arg } from "./cli";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export type ProfileEntry = { label: string; ms: number; share: number };
export type ProfileSummary = {
  busyMs: number;
  /** Self time per function, largest first. */
  top: ProfileEntry[];
  /** Self time per source file (or package, or V8/Node internals), largest first. */
  files: ProfileEntry[];
  /** Inclusive time of each stage of a proxied page (nested calls of one stage counted once). */
  stages: ProfileEntry[];
};

/**
 * The stages of GET /api/payments, each matched by a frame on the sampled stack (function name
 * and source file). A sample counts for a stage when the stage's frame is on its stack: work
 * that resumes after an `await` is counted under the function it resumes in, and Node's own
 * socket and parser work for the provider call is in "everything else". `within` marks a stage
 * nested in another (not added again to the total). A function V8 inlines has no frame of its
 * own (JSON.parse's caller in transport.ts, for one): its time shows in its caller's stage.
 */
export const PAGE_STAGES: Array<{ stage: string; match: RegExp; within?: string }> = [
  { stage: "session check (requireApiUser)", match: /^requireApiUser lib\/auth\/guard\.ts/ },
  { stage: "query check: unsafe text + zod (parseInput)", match: /^parseInput lib\/http\/route\.ts/ },
  { stage: "provider call: request and answer callbacks (lib/payments-api/transport.ts)", match: / lib\/payments-api\/transport\.ts:/ },
  { stage: "contract check of every item (expectAnswer)", match: /^expectAnswer lib\/payments-api\/client\.ts/ },
  { stage: "key trimming (trimKeys)", match: /^trimKeys lib\/payments-api\//, within: "contract check" },
  { stage: "answer serialised (jsonOk)", match: /^jsonOk lib\/http\/errors\.ts/ },
  { stage: "log line (logLine)", match: /^logLine lib\/http\/logger\.ts/ },
  { stage: "garbage collection", match: /^\(garbage collector\)/ },
];

/** The function withRoute returns, running a request (not withRoute itself, called at module load). */
const HANDLER_FRAME = /^(\(anonymous\))? ?lib\/http\/with-route\.ts:/;

type Resolved = { label: string; file: string };

class FrameResolver {
  private maps = new Map<string, TraceMap | null>();
  private cache = new Map<string, Resolved>();

  resolve(frame: CallFrame): Resolved {
    const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}:${frame.functionName}`;
    let out = this.cache.get(key);
    if (!out) {
      out = this.compute(frame);
      this.cache.set(key, out);
    }
    return out;
  }

  private compute(frame: CallFrame): Resolved {
    if (!frame.url) return { label: frame.functionName || "(anonymous)", file: "" };
    const map = this.mapFor(frame.url);
    if (map && frame.lineNumber >= 0) {
      const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) });
      if (pos.source) {
        const file = shortPath(pos.source);
        const name = functionNameAt(map, pos.source, pos.line ?? 0) ?? pos.name ?? frame.functionName ?? "(anonymous)";
        return { label: `${name} ${file}:${pos.line}`, file };
      }
    }
    const file = shortPath(frame.url);
    return { label: `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`, file };
  }

  private mapFor(url: string): TraceMap | null {
    if (!this.maps.has(url)) {
      let map: TraceMap | null = null;
      try {
        const path = url.startsWith("file:") ? fileURLToPath(url) : url;
        if (existsSync(`${path}.map`)) map = new TraceMap(readFileSync(`${path}.map`, "utf8"));
      } catch {
        map = null;
      }
      this.maps.set(url, map);
    }
    return this.maps.get(url) ?? null;
  }
}

/** The name of the function whose text starts on `line` of the original source, when it says one. */
function functionNameAt(map: TraceMap, source: string, line: number): string | undefined {
  const text = sourceContentFor(map, source)?.split("\n")[line - 1];
  if (!text) return undefined;
  const found =
    /function\*?\s+([\w$]+)/.exec(text) ??
    /(?:const|let|var)\s+([\w$]+)\s*=/.exec(text) ??
    /([\w$]+)\s*[:=]\s*(?:async\s*)?(?:\(|function)/.exec(text) ??
    /(?:async\s+)?([\w$]+)\s*\([^)]*\)\s*[:{]/.exec(text);
  return found?.[1];
}

/** "zod/v4/core/schemas.js" -> "zod", "lib/pix/text.ts" stays, "node:internal/x" -> "node:internal/x". */
function fileGroup(label: string): string {
  if (label.startsWith("(")) return label;
  const at = label.lastIndexOf(" ");
  if (at < 0) return "(native)";
  const file = label.slice(at + 1).replace(/:\d+$/, "");
  if (/^(lib|app|components)\//.test(file) || file.startsWith("node:")) return file;
  if (file.startsWith("webpack://next/") || file.startsWith("src/") || file.startsWith("next/")) return "next";
  const parts = file.split("/");
  return file.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** "turbopack:///[project]/lib/x.ts" -> "lib/x.ts"; node_modules paths from the package on. */
function shortPath(source: string): string {
  const project = source.indexOf("[project]/");
  let path = project >= 0 ? source.slice(project + "[project]/".length) : source.replace(/^file:\/\//, "");
  const modules = path.lastIndexOf("node_modules/");
  if (modules >= 0) path = path.slice(modules + "node_modules/".length);
  return path.replace(/^.*\/\.next\//, ".next/").replace(/^(\.\.\/)+/, "");
}

/**
 * Only the samples between the first and the last one whose stack holds a frame matching
 * `window` are counted (by default a request inside the route wrapper): the server's start-up,
 * the first request's module loading, the sign-in and the shutdown stay out of the figures.
 */
export function summarizeProfile(path: string, topN = 25, window: RegExp = HANDLER_FRAME): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, "utf8")) as CpuProfile;
  const resolver = new FrameResolver();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const labelOf = (id: number) => {
    const node = byId.get(id)!;
    return resolver.resolve(node.callFrame).label;
  };
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  const stackCache = new Map<number, string[]>();
  const stackOf = (id: number): string[] => {
    let stack = stackCache.get(id);
    if (!stack) {
      stack = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(labelOf(at));
      stackCache.set(id, stack);
    }
    return stack;
  };
  const inWindow = profile.samples.map((id) => stackOf(id).some((l) => window.test(l)));
  const first = inWindow.indexOf(true);
  const last = inWindow.lastIndexOf(true);

  let busyUs = 0;
  const selfByLabel = new Map<string, number>();
  const selfByFile = new Map<string, number>();
  const stageUs = new Map<string, number>();
  for (let i = Math.max(0, first); i <= last; i++) {
    const id = profile.samples[i]!;
    const us = profile.timeDeltas[i + 1] ?? 0; // a sample's time is the delta to the next one
    if (idle.has(id)) continue;
    busyUs += us;
    const stack = stackOf(id);
    selfByLabel.set(stack[0]!, (selfByLabel.get(stack[0]!) ?? 0) + us);
    const file = fileGroup(stack[0]!);
    selfByFile.set(file, (selfByFile.get(file) ?? 0) + us);
    // Each stage counts this sample once, if any frame on its stack belongs to the stage.
    for (const { stage, match } of PAGE_STAGES) {
      if (stack.some((l) => match.test(l))) stageUs.set(stage, (stageUs.get(stage) ?? 0) + us);
    }
  }
  const entry = (label: string, us: number): ProfileEntry => ({ label, ms: us / 1000, share: busyUs ? us / busyUs : 0 });
  return {
    busyMs: busyUs / 1000,
    files: [...selfByFile].sort((a, b) => b[1] - a[1]).slice(0, topN).map(([l, us]) => entry(l, us)),
    top: [...selfByLabel].sort((a, b) => b[1] - a[1]).slice(0, topN).map(([l, us]) => entry(l, us)),
    stages: [
      ...PAGE_STAGES.map(({ stage, within }) => entry(within ? `  of which ${stage}` : stage, stageUs.get(stage) ?? 0)),
      entry("everything else: Next.js, Node's HTTP server and client, promises", busyUs - PAGE_STAGES.filter((x) => !x.within).reduce((n, x) => n + (stageUs.get(x.stage) ?? 0), 0)),
    ],
  };
}

/** Markdown: stages per request, then the top self-time entries. */
export function profileMarkdown(s: ProfileSummary, requests: number, title: string): string {
  const per = (ms: number) => (requests > 0 ? (ms / requests).toFixed(3) : "–");
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return [
    `${title}: ${s.busyMs.toFixed(0)} ms of CPU (idle excluded) over ${requests.toLocaleString("en")} requests, ${per(s.busyMs)} ms per request.`,
    "",
    "| stage (inclusive) | ms per request | share of CPU |",
    "|---|---:|---:|",
    ...s.stages.map((e) => `| ${e.label} | ${per(e.ms)} | ${pct(e.share)} |`),
    "",
    "| source file, package or V8 (self time) | ms per request | share of CPU |",
    "|---|---:|---:|",
    ...s.files.map((e) => `| \`${e.label}\` | ${per(e.ms)} | ${pct(e.share)} |`),
    "",
    "| function (self time) | ms per request | share of CPU |",
    "|---|---:|---:|",
    ...s.top.map((e) => `| \`${e.label.replace(/\|/g, "\\|")}\` | ${per(e.ms)} | ${pct(e.share)} |`),
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: tsx bench/cpu-profile.ts <file.cpuprofile> [--requests N]");
  console.log(profileMarkdown(summarizeProfile(file), Number(arg("requests") ?? 0), file));
}
