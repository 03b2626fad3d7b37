import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The modules a page sends to the browser, read from the sources: from the page's server
 * files, every `"use client"` module they reach, then everything those import (type-only and
 * dynamic imports excluded: they add nothing to the page's first scripts). Enough to hold a
 * rule like "zod is not in the /payments bundle" in a unit test, without a build.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const IMPORT_RE = /^(?:import|export)\s+(type\s+)?(?:([^;]*?)\s+from\s+)?"([^"]+)"/gms;

type Edge = { specifier: string; typeOnly: boolean };
const DYNAMIC_IMPORT_RE = /\bimport\(\s*"([^"]+)"\s*\)/g;

function dynamicEdges(file: string): Edge[] {
  return [...readFileSync(file, "utf8").matchAll(DYNAMIC_IMPORT_RE)].map((m) => ({ specifier: m[1]!, typeOnly: false }));
}

function edges(file: string): Edge[] {
  const out: Edge[] = [];
  for (const match of readFileSync(file, "utf8").matchAll(IMPORT_RE)) {
    const clause = match[2] ?? "";
    const named = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    const allTypes = named !== undefined && named.split(",").every((part) => part.trim() === "" || part.trim().startsWith("type "));
    out.push({ specifier: match[3]!, typeOnly: Boolean(match[1]) || allTypes });
  }
  return out;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? join(ROOT, specifier.slice(2)) : specifier.startsWith(".") ? resolve(dirname(from), specifier) : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** "a.tsx > b.ts > c.ts": how a module was reached, from the map of each module's first importer. */
function chainThrough(parent: Map<string, string>): (module: string) => string {
  return (module) => {
    const chain = [module];
    while (parent.has(chain[0]!) && chain.length < 50) chain.unshift(parent.get(chain[0]!)!);
    return chain.join(" > ");
  };
}

const isClientModule = (file: string) => /^\s*["']use client["']/.test(readFileSync(file, "utf8"));

/** The modules a graph reaches: a page's browser code, or a program's. */
type ImportGraph = {
  /** Project modules reached, relative to the repository root. */
  modules: string[];
  /** Packages they import, each with the first module (relative path) that imports it. */
  packages: Map<string, string>;
  /** How a module was reached: "a.tsx > b.ts > c.ts" (for a failing test's message). */
  pathTo: (module: string) => string;
};

/**
 * The browser code reached from these server entry files (paths relative to the repository).
 * `lazy`: also what client modules load later with `import()` (next/dynamic): not in the first
 * scripts, but rendered under the same providers (their messages must be there too).
 */
export function browserGraph(entries: string[], options: { lazy?: boolean } = {}): ImportGraph {
  const clientRoots = new Set<string>();
  const serverSeen = new Set<string>();
  const walkServer = (file: string) => {
    if (serverSeen.has(file)) return;
    serverSeen.add(file);
    if (isClientModule(file)) return void clientRoots.add(file);
    for (const edge of edges(file)) {
      const next = edge.typeOnly ? null : resolveLocal(file, edge.specifier);
      if (next) walkServer(next);
    }
  };
  for (const entry of entries) walkServer(join(ROOT, entry));

  const seen = new Set<string>();
  const parent = new Map<string, string>();
  const packages = new Map<string, string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const edge of options.lazy ? [...edges(file), ...dynamicEdges(file)] : edges(file)) {
      if (edge.typeOnly) continue;
      const next = resolveLocal(file, edge.specifier);
      if (next && !seen.has(next)) parent.set(relative(ROOT, next), relative(ROOT, file));
      if (next) walk(next);
      else if (!packages.has(edge.specifier)) packages.set(edge.specifier, relative(ROOT, file));
    }
  };
  for (const file of clientRoots) walk(file);
  const pathTo = chainThrough(parent);
  return { modules: [...seen].map((file) => relative(ROOT, file)), packages, pathTo };
}

/** The project modules one file imports (relative paths), each marked when only its types are imported. */
export function localImports(file: string): Array<{ module: string; typeOnly: boolean }> {
  const absolute = resolve(ROOT, file);
  return edges(absolute).flatMap((edge) => {
    const target = resolveLocal(absolute, edge.specifier);
    return target ? [{ module: relative(ROOT, target), typeOnly: edge.typeOnly }] : [];
  });
}



/**
 * Everything a program run outside Next.js (a CLI) may load from its entry: static and dynamic
 * imports alike (a dynamic import runs too, only later), type-only imports excluded.
 */
export function programGraph(entry: string): ImportGraph {
  const seen = new Set<string>();
  const parent = new Map<string, string>();
  const packages = new Map<string, string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const edge of [...edges(file), ...dynamicEdges(file)]) {
      if (edge.typeOnly) continue;
      const next = resolveLocal(file, edge.specifier);
      if (next && !seen.has(next)) parent.set(relative(ROOT, next), relative(ROOT, file));
      if (next) walk(next);
      else if (!packages.has(edge.specifier)) packages.set(edge.specifier, relative(ROOT, file));
    }
  };
  walk(join(ROOT, entry));
  const pathTo = chainThrough(parent);
  return { modules: [...seen].map((file) => relative(ROOT, file)), packages, pathTo };
}
