/**
 * A newcomer's test of the documentation, on what a fresh clone holds (the files git tracks):
 * - README.md opens with the two copy-paste lines (install + start, install + test);
 * - every link of README.md, docs/*.md, lib/<folder>/README.md and sandbox/README.md resolves inside the repository;
 * - every file or folder they name in `code` exists (a bare file name in the document's folder or
 *   anywhere in the repository; placeholders such as `<name>` and globs
 *   such as `messages/{en,pt-BR}/` or `app/(dashboard)/<name>/page.tsx` are matched as patterns);
 * - nothing points outside the repository (`../` above its root, absolute file paths).
 *
 *   npm run newcomer-check      # prints each problem, exits 1 if there is one
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { pathToFileURL } from "node:url";

export type Doc = { path: string; text: string };

/** The repository's tracked files, and every folder above them. */
export function repositoryEntries(files: string[]): Set<string> {
  const entries = new Set<string>();
  for (const file of files) {
    entries.add(file);
    for (let dir = dirname(file); dir !== "."; dir = dirname(dir)) entries.add(`${dir}/`);
  }
  return entries;
}

const TOP_LEVEL = /^(app|components|lib|sandbox|messages|docs|e2e|bench|scripts|public|\.ci)\//;
const ROOT_FILES = /^[\w.-]+\.(ts|mjs|json|md|sh)$/;

/** A named path as a pattern: `<x>` and `*` are one path segment, `{a,b}` is a choice. */
function patternOf(named: string): RegExp {
  let source = "";
  for (let i = 0; i < named.length; i++) {
    const c = named[i]!;
    if (c === "<") {
      i = named.indexOf(">", i);
      source += "[^/]+";
    } else if (c === "*") source += "[^/]*";
    else if (c === "{") {
      const end = named.indexOf("}", i);
      source += `(?:${named.slice(i + 1, end).split(",").map(escape).join("|")})`;
      i = end;
    } else source += escape(c);
  }
  return new RegExp(`^${source}$`);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function exists(named: string, entries: Set<string>): boolean {
  if (entries.has(named)) return true;
  if (!/[<*{]/.test(named)) return entries.has(`${named}/`);
  const pattern = patternOf(named);
  return [...entries].some((entry) => pattern.test(entry) || pattern.test(entry.replace(/\/$/, "")));
}

/** Paths a document names in `code`: repository paths only (routes, commands and values are not files). */
export function namedPaths(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/`([^`\s]+)`/g)) {
    const value = match[1]!.replace(/[.,:;]$/, "");
    if (TOP_LEVEL.test(value) || ROOT_FILES.test(value)) found.add(value);
  }
  return [...found];
}

export function links(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

export function checkDocs(docs: Doc[], entries: Set<string>): string[] {
  const problems: string[] = [];
  const readme = docs.find((d) => d.path === "README.md");
  if (readme) {
    const lines = readme.text.split("\n");
    const commands = lines.slice(1, 3);
    if (lines[0] !== "```bash" || lines[3] !== "```" || !/^npm install && npm run demo\b/.test(commands[0] ?? "") || !/^npm install && npm test\b/.test(commands[1] ?? "")) {
      problems.push("README.md: must open with the two copy-paste lines (install + `npm run demo`, install + `npm test`)");
    }
  }
  for (const doc of docs) {
    if (/\.\.\/shared\b/.test(doc.text)) problems.push(`${doc.path}: points outside the repository (../shared)`);
    for (const link of links(doc.text)) {
      if (/^(https?:|mailto:|#)/.test(link)) continue;
      const target = normalize(join(dirname(doc.path), link.split("#")[0]!));
      if (target.startsWith("..") || target.startsWith("/")) problems.push(`${doc.path}: link outside the repository: ${link}`);
      else if (!exists(target, entries)) problems.push(`${doc.path}: broken link: ${link}`);
    }
    for (const named of namedPaths(doc.text)) {
      // A bare file name is one of the document's own folder (lib/x/README.md naming lib/x/y.ts),
      // or a file named once somewhere else: it must exist under that name in the repository.
      const found = named.includes("/")
        ? exists(named, entries)
        : exists(join(dirname(doc.path), named), entries) || [...entries].some((e) => e === named || e.endsWith(`/${named}`));
      if (!found) problems.push(`${doc.path}: names a file that does not exist: ${named}`);
    }
  }
  return problems;
}

function main(): void {
  const root = join(import.meta.dirname, "..");
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
  const entries = repositoryEntries(tracked);
  const docPaths = tracked.filter((f) => f === "README.md" || /^docs\/[^/]+\.md$/.test(f) || /^(lib\/[^/]+|sandbox)\/README\.md$/.test(f));
  const docs = docPaths.map((path) => ({ path, text: readFileSync(join(root, path), "utf8") }));
  const problems = checkDocs(docs, entries);
  for (const problem of problems) console.error(problem);
  console.log(`newcomer-check: ${docs.length} documents, ${problems.length} problem(s)`);
  if (problems.length) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
