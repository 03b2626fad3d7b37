/**
 * Mutation run over the money rules: `npm run mutate` (every mutation), `npm run mutate -- <file>`
 * (those of one source file) or `npm run mutate -- <id> ...`. Each mutation is one small change
 * of a rule (scripts/mutations/money-rules.ts); the tests named with it are run on the mutated
 * code (on the embedded store, to be quick), and the mutant is KILLED when they fail. A mutant
 * that survives is a test that is missing: the run exits 1 and names it. The file is restored
 * after each mutation, also on Ctrl-C.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MONEY_RULE_MUTATIONS, type Mutation } from "./mutations/money-rules";

const root = path.resolve(import.meta.dirname, "..");
const wanted = process.argv.slice(2).filter((a) => a !== "--");
const selected = wanted.length ? MONEY_RULE_MUTATIONS.filter((m) => wanted.some((w) => m.id === w || m.file === w || m.file.endsWith(w))) : MONEY_RULE_MUTATIONS;
if (!selected.length) {
  console.error(`no mutation matches ${wanted.join(" ")}; ids: ${MONEY_RULE_MUTATIONS.map((m) => m.id).join(", ")}`);
  process.exit(2);
}

let restore: (() => void) | null = null;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    restore?.();
    process.exit(130);
  });
}

function run(m: Mutation): { verdict: "killed" | "survived" | "broken"; seconds: number; detail: string } {
  const file = path.join(root, m.file);
  const original = readFileSync(file, "utf8");
  if (m.postgres && !process.env.TEST_DATABASE_URL) return { verdict: "broken", seconds: 0, detail: "needs PostgreSQL: set TEST_DATABASE_URL (source scripts/pg-test.sh)" };
  const at = original.indexOf(m.find);
  if (at < 0 || original.indexOf(m.find, at + 1) >= 0) return { verdict: "broken", seconds: 0, detail: `the text to change is not found exactly once in ${m.file}` };
  restore = () => writeFileSync(file, original);
  writeFileSync(file, original.slice(0, at) + m.replace + original.slice(at + m.find.length));
  const started = Date.now();
  try {
    // PGlite only (faster), unless the mutant can only show on PostgreSQL.
    const env = { ...process.env, TEST_DATABASE_URL: m.postgres ? process.env.TEST_DATABASE_URL : "" };
    const result = spawnSync("npx", ["vitest", "run", "--bail=1", ...m.tests], { cwd: root, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const seconds = (Date.now() - started) / 1000;
    const failed = result.stdout.match(/Tests\s+.*?(\d+) failed/)?.[1];
    if (result.status === 0) return { verdict: "survived", seconds, detail: "every test passed" };
    return { verdict: "killed", seconds, detail: failed ? `${failed} failed` : `exit ${result.status}` };
  } finally {
    restore();
    restore = null;
  }
}

const rows: string[][] = [];
let survivors = 0;
for (const m of selected) {
  process.stdout.write(`${m.id} … `);
  const r = run(m);
  if (r.verdict !== "killed") survivors++;
  console.log(`${r.verdict} (${r.seconds.toFixed(0)} s, ${r.detail})`);
  rows.push([m.id, m.file, m.what, r.verdict, r.detail]);
}
console.log("\n| mutation | file | what changes | verdict | tests |\n|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
console.log(`\n${rows.length - survivors} of ${rows.length} killed`);
process.exit(survivors ? 1 : 0);
