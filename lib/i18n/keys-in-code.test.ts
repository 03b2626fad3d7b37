import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./config";
import { AUDIT_ACTIONS } from "@/lib/audit/filters";
import { MESSAGES } from "./messages";

/**
 * Message keys written as plain strings in lib/ (schema messages like "validation.amount.positive",
 * notes like "transfers.notes.retrying", error keys) are not checked by TypeScript: this test
 * finds every such literal and fails when a language lacks it.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
// Namespaces whose keys lib/ code writes as plain strings (audit action names such as
// "auth.sign_in" look like keys but are identifiers, so "auth" is not checked here).
const NAMESPACES = ["validation", "transfers", "approvals", "batches", "errors", "reconciliation", "exports", "formats", "alerts"];
const KEY_LITERAL = new RegExp(`["'\`]((?:${NAMESPACES.join("|")})\\.[A-Za-z0-9_]+(?:\\.[A-Za-z0-9_]+)*)["'\`]`, "g");

function sources(dir: string): string[] {
  return (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(ROOT, dir, f));
}

/** A message, or a group of messages that code completes with a suffix ("formats.amount" + ".empty"). */
function has(tree: unknown, key: string): boolean {
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  return typeof value === "string" || (typeof value === "object" && value !== null);
}

describe("message keys written in lib/", () => {
  const found = new Map<string, string>();
  for (const file of sources("lib")) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(KEY_LITERAL)) found.set(m[1]!, relative(ROOT, file).split(sep).join("/"));
  }

  it("finds the keys of the shared schemas", () => {
    expect(found.has("validation.amount.positive")).toBe(true);
    expect(found.has("validation.pixKey.cpf.digits")).toBe(true);
  });

  it.each(LOCALES)("every one exists in %s", (locale) => {
    const missing = [...found].filter(([key]) => !has(MESSAGES[locale], key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });
});

describe("audit actions", () => {
  // AuditAction is AUDIT_ACTIONS' type: recording any other action does not compile.
  it.each(LOCALES)("every one the back office records has a label on the audit page in %s", (locale) => {
    const missing = AUDIT_ACTIONS.filter((action) => !has(MESSAGES[locale], `audit.actions.${action}`));
    expect(missing).toEqual([]);
  });
});
