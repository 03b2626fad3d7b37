import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import en from "@/messages/en";
import { browserGraph } from "./import-graph";

/**
 * Which message namespaces the browser code of a route file uses, read from the sources (the
 * check behind lib/i18n/client-messages.ts). A module of the browser graph uses a namespace when
 * it calls `useTranslations("ns…")` or writes a key "ns.…" as a literal (keys kept in lib/, such
 * as a schema's "validation.amount.positive", are translated by the component that shows them).
 */
const ROOT = resolve(import.meta.dirname, "../..");
export const NAMESPACES = Object.keys(en).sort();
const SCOPED_RE = /useTranslations\(\s*["'`]([A-Za-z]+)/g;
const KEY_RE = new RegExp(`["'\`](${NAMESPACES.join("|")})\\.[A-Za-z_]`, "g");
const ROOT_TRANSLATOR_RE = /const\s+(\w+)\s*=\s*useTranslations\(\s*\)/g;

/** Route files Next.js renders (API routes aside), relative to the repository root. */
export function routeFiles(): string[] {
  const names = /^(page|layout|error|loading|not-found|template|default|global-error)\.tsx$/;
  return (readdirSync(join(ROOT, "app"), { recursive: true }) as string[])
    .filter((file) => !file.startsWith("api/") && names.test(file.split("/").pop()!))
    .map((file) => `app/${file}`)
    .sort();
}

/** The scope a route file declares with `<ClientMessages scope="…">`, if any. */
export function declaredScope(file: string): string | undefined {
  return /<ClientMessages\s+scope="(\w+)"/.exec(readFileSync(join(ROOT, file), "utf8"))?.[1];
}

/**
 * The provider whose messages a route file's client components read: its own when it declares
 * one (it wraps all it renders), else the nearest layout above it that declares one. A layout in
 * the file's own folder wraps the folder's page, loading and error files.
 */
export function owningScope(file: string): { scope: string; file: string } | undefined {
  const own = declaredScope(file);
  if (own) return { scope: own, file };
  let dir = dirname(file);
  if (file.endsWith("/layout.tsx")) dir = dirname(dir);
  for (; dir === "app" || dir.startsWith("app/"); dir = dirname(dir)) {
    const layout = `${dir}/layout.tsx`;
    const scope = existsSync(join(ROOT, layout)) ? declaredScope(layout) : undefined;
    if (scope) return { scope, file: layout };
    if (dir === "app") break;
  }
  return undefined;
}

/** The code alone: a key named in a comment ("see `events.rejectReasons`") is not a use. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");
}

export type NamespaceUse = {
  /** Namespace -> the first browser module that uses it. */
  used: Map<string, string>;
  /** Modules translating keys only known when they run: t(variable) on the root translator. */
  dynamic: string[];
};

/** The namespaces the browser code of these route files uses, lazy parts (next/dynamic) included. */
export function namespacesUsed(files: string[]): NamespaceUse {
  const used = new Map<string, string>();
  const dynamic: string[] = [];
  for (const file of browserGraph(files, { lazy: true }).modules) {
    const text = withoutComments(readFileSync(join(ROOT, file), "utf8"));
    for (const match of [...text.matchAll(SCOPED_RE), ...text.matchAll(KEY_RE)]) {
      if (!used.has(match[1]!)) used.set(match[1]!, file);
    }
    for (const [, name] of text.matchAll(ROOT_TRANSLATOR_RE)) {
      if (new RegExp(`\\b${name}(?:\\.\\w+)?\\(\\s*(?!["'\`])`).test(text)) dynamic.push(file);
    }
    if (/useTranslations\(\s*[^"'`)\s]/.test(text)) dynamic.push(file);
  }
  return { used, dynamic };
}
