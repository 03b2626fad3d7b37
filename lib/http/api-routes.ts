/**
 * Every /api route and the methods its file exports, for the method gate (method-gate.ts), which
 * answers before Next.js has loaded any route: written from the route files by `npm run routes`
 * (lib/http/route-files.ts), never by hand. HEAD (when GET is served) and OPTIONS are answered by
 * Next.js for every route.
 */
import { API_ROUTE_METHODS } from "./api-routes.generated";

export { API_ROUTE_METHODS };

type Segment = { kind: "static"; text: string } | { kind: "dynamic" } | { kind: "catchAll" };

function segmentsOf(pattern: string): Segment[] {
  return pattern
    .split("/")
    .filter(Boolean)
    .map((s) => (s.startsWith("[...") ? { kind: "catchAll" } : s.startsWith("[") ? { kind: "dynamic" } : { kind: "static", text: s }));
}

const COMPILED = Object.entries(API_ROUTE_METHODS).map(([pattern, methods]) => ({ pattern, methods, segments: segmentsOf(pattern) }));

/** Per segment: a static match outranks a dynamic one, which outranks a catch-all (as Next.js picks). */
function rank(segments: Segment[], parts: string[]): number[] | null {
  const ranks: number[] = [];
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    if (seg.kind === "catchAll") return parts.length > i ? [...ranks, 0] : null;
    const part = parts[i];
    if (part === undefined) return null;
    if (seg.kind === "static") {
      if (seg.text !== part) return null;
      ranks.push(2);
    } else ranks.push(1);
  }
  return parts.length === segments.length ? ranks : null;
}

function outranks(a: number[], b: number[]): boolean {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? -1;
    const y = b[i] ?? -1;
    if (x !== y) return x > y;
  }
  return false;
}

/** The route that serves an /api path (its pattern and methods), or null when it is not under /api. */
export function apiRouteFor(pathname: string): { pattern: string; methods: readonly string[] } | null {
  const parts = pathname.split("/").filter(Boolean);
  if (parts[0] !== "api") return null;
  let best: { pattern: string; methods: readonly string[]; ranks: number[] } | null = null;
  for (const route of COMPILED) {
    const ranks = rank(route.segments, parts);
    if (ranks && (!best || outranks(ranks, best.ranks))) best = { pattern: route.pattern, methods: route.methods, ranks };
  }
  return best ? { pattern: best.pattern, methods: best.methods } : null;
}
