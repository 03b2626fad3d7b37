import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { localImports } from "@/lib/testing/import-graph";

/**
 * The layers of docs/ARCHITECTURE.md, held by the sources: what each folder may import.
 * Type-only imports cross every line (they vanish at build time), except the sandbox's: it keeps
 * its own reading of the provider, types included.
 */
function sources(dir: string, options: { tests?: boolean } = {}): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && (options.tests || !/\.test\.tsx?$/.test(f)))
    .map((f) => join(dir, f));
}

/** Every project module these files load at run time (type-only imports vanish in the build). */
function runtimeClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    for (const i of localImports(file)) {
      if (i.typeOnly || seen.has(i.module)) continue;
      seen.add(i.module);
      visit(i.module);
    }
  };
  entries.forEach(visit);
  return [...seen].sort();
}

const isServerOnly = (file: string) => /^import "server-only";/m.test(readFileSync(file, "utf8"));

function violations(files: string[], forbidden: (module: string) => boolean, options: { typeOnly?: boolean } = {}): string[] {
  return files.flatMap((file) =>
    localImports(file)
      .filter((i) => (options.typeOnly || !i.typeOnly) && forbidden(i.module))
      .map((i) => `${file} -> ${i.module}`),
  );
}

describe("layers", () => {
  it("components/ render what pages and queries hand them: no store, no provider, no server-only module", () => {
    expect(violations(sources("components"), (m) => isServerOnly(m) || /^(lib\/(db|payments-api)|sandbox)\//.test(m))).toEqual([]);
  });

  it("lib/transfers: the folder's own files are browser-safe, lib/transfers/server/ is server-only, so the path says which", () => {
    const own = readdirSync("lib/transfers").filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f)).map((f) => join("lib/transfers", f));
    expect(own.filter(isServerOnly)).toEqual([]);
    expect(sources("lib/transfers/server").filter((f) => !isServerOnly(f))).toEqual([]);
  });

  it("lib/ never imports from app/ or components/ (rules do not depend on screens)", () => {
    expect(violations(sources("lib"), (m) => /^(app|components)\//.test(m))).toEqual([]);
  });

  it("the provider is reached through lib/payments-api/index.ts only (its files are private to it)", () => {
    const outside = [...sources("app"), ...sources("components"), ...sources("lib").filter((f) => !f.startsWith("lib/payments-api/"))];
    const deep = violations(outside, (m) => m.startsWith("lib/payments-api/") && m !== "lib/payments-api/index.ts");
    expect(deep).toEqual([]);
  });

  it("the sandbox reads the provider's documentation itself: sandbox/ (its tests too) imports nothing of the back office but lib/pix", () => {
    const files = sources("sandbox", { tests: true });
    const foreign = (m: string) => /^(app|components|lib)\//.test(m) && !m.startsWith("lib/pix/");
    // Type-only imports count here: a type from lib/contract is a reading of the provider too.
    expect(violations(files, foreign, { typeOnly: true })).toEqual([]);
    // What the sandbox runs (its compiled bundle) holds only itself and the pure rules of lib/pix.
    expect(runtimeClosure(sources("sandbox")).filter((m) => !/^(sandbox|lib\/pix)\//.test(m))).toEqual([]);
  });

  it("the back office reaches the sandbox only to test against it (lib/embedded-sandbox.ts names it by path)", () => {
    const outside = [...sources("app"), ...sources("components"), ...sources("lib")];
    const harness = (f: string) => f === "lib/payments-api/test-sandbox.ts" || f.startsWith("lib/testing/");
    expect(violations(outside.filter((f) => !harness(f)), (m) => m.startsWith("sandbox/"), { typeOnly: true })).toEqual([]);
  });
});
