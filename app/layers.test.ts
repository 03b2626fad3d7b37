import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { localImports } from "@/lib/testing/import-graph";

/**
 * The layers of docs/ARCHITECTURE.md, held by the sources: what each folder may import.
 * Type-only imports cross every line (they vanish at build time).
 */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

const isServerOnly = (file: string) => /^import "server-only";/m.test(readFileSync(file, "utf8"));

function violations(files: string[], forbidden: (module: string) => boolean): string[] {
  return files.flatMap((file) =>
    localImports(file)
      .filter((i) => !i.typeOnly && forbidden(i.module))
      .map((i) => `${file} -> ${i.module}`),
  );
}

describe("layers", () => {
  it("components/ render what pages and queries hand them: no store, no provider, no server-only module", () => {
    expect(violations(sources("components"), (m) => isServerOnly(m) || /^(lib\/(db|payments-api)|sandbox)\//.test(m))).toEqual([]);
  });

  it("lib/ never imports from app/ or components/ (rules do not depend on screens)", () => {
    expect(violations(sources("lib"), (m) => /^(app|components)\//.test(m))).toEqual([]);
  });

  it("the provider is reached through lib/payments-api/index.ts only (its files are private to it)", () => {
    const outside = [...sources("app"), ...sources("components"), ...sources("lib").filter((f) => !f.startsWith("lib/payments-api/"))];
    const deep = violations(outside, (m) => m.startsWith("lib/payments-api/") && m !== "lib/payments-api/index.ts");
    expect(deep).toEqual([]);
  });

  it("the sandbox is a separate program: only its own starter and the test harness import it", () => {
    const outside = [...sources("app"), ...sources("components"), ...sources("lib")];
    const allowed = new Set(["lib/embedded-sandbox.ts", "lib/payments-api/test-sandbox.ts"]);
    expect(violations(outside.filter((f) => !allowed.has(f)), (m) => m.startsWith("sandbox/"))).toEqual([]);
  });
});
