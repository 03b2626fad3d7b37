/** The proxy's CPU profile section of docs/BENCHMARKS.md (bench/report.ts writes the rest). */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { profileMarkdown } from "./cpu-profile";
import type { ProxyProfile } from "./proxy-profile";

/** The profile of this run beside the one recorded before the proxy's rework (bench/results/proxy-profile-before.json). */
export function proxyProfileLines(after: ProxyProfile, floor?: ProxyProfile): string[] {
  const perRequest = (p: ProxyProfile) => (p.summary.busyMs / p.requests).toFixed(3);
  const lines = [
    "`bench/proxy-profile.ts`: the production server under `node --cpu-prof`, autocannon on `GET /api/payments?page=3` (10 connections,",
    "15 s), each frame mapped back to its source through the bundle's source maps (`bench/cpu-profile.ts`). Only the samples between",
    "the first and the last request count. The profiler itself adds to every figure; compare the two profiles, not a profile with the",
    "bench table.",
    "",
    ...(floor
      ? [`The Next.js floor profiled the same way (GET /api/health, ${floor.requests.toLocaleString("en")} requests): ${perRequest(floor)} ms of CPU per request; ours below: ${perRequest(after)} ms.`, ""]
      : []),
    profileMarkdown(after.summary, after.requests, "This run"),
  ];
  const beforePath = join(dirname(fileURLToPath(import.meta.url)), "results", "proxy-profile-before.json");
  if (existsSync(beforePath)) {
    const before = JSON.parse(readFileSync(beforePath, "utf8")) as ProxyProfile & { recordedAt: string; commit: string };
    lines.push("", profileMarkdown(before.summary, before.requests, `Before (commit ${before.commit}, recorded ${before.recordedAt})`));
  }
  return lines;
}
