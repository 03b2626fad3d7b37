import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * zod's browser configuration (lib/zod-config.ts: no `new Function`, which our CSP forbids)
 * must run before any schema parses. It is not in the root layout (that would ship zod with
 * every page, /login included), so every module that takes `z` from "zod" imports it first.
 */
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCE_DIRS = ["app", "components", "lib"];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("zod's browser configuration", () => {
  const files = SOURCE_DIRS.flatMap((dir) => sources(join(ROOT, dir))).map((path) => ({
    file: relative(ROOT, path),
    source: readFileSync(path, "utf8"),
  }));
  const users = files.filter((f) => /^import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*"zod"/m.test(f.source));

  it("finds the modules that build schemas (the sweep is not empty)", () => {
    expect(users.length).toBeGreaterThan(10);
    expect(users.map((f) => f.file)).toContain("lib/contract/list.ts");
  });

  it("is imported before zod by every module that builds schemas", () => {
    const missing = users
      .filter((f) => {
        const config = f.source.indexOf('import "@/lib/zod-config";');
        const zod = f.source.search(/^import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*"zod"/m);
        return config < 0 || config > zod;
      })
      .map((f) => f.file);
    expect(missing).toEqual([]);
  });

  it("is not imported by the root layout or its providers (zod would ship with /login)", () => {
    for (const file of ["app/layout.tsx", "app/providers.tsx"]) {
      expect(files.find((f) => f.file === file)?.source).not.toMatch(/zod/);
    }
  });
});
