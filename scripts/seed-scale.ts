/**
 * `npm run seed:scale -- --transfers 2000000 [--per-day 5500] [--now 2026-12-01T12:00:00Z]`: fills an
 * empty store with a company's payouts, `--per-day` a day (2,000,000 at 5,500 a day: its first year;
 * lib/db/seed-scale.ts). The store is the app's: PostgreSQL when DATABASE_URL is set, otherwise
 * PGlite under DATA_DIR (`--pglite <dir>` names another directory). Migrations run first.
 */
import path from "node:path";
import { createDb } from "@/lib/db/client";
import { seedScale } from "@/lib/db/seed-scale";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const transfers = Number((arg("transfers") ?? "20000").replace(/[_,.]/g, ""));
const now = new Date(arg("now") ?? Date.now());
const perDay = arg("per-day") === undefined ? undefined : Number(arg("per-day")!.replace(/[_,.]/g, ""));
const url = process.env.DATABASE_URL;
const pgliteDir = arg("pglite") ?? path.join(process.env.DATA_DIR ?? ".data", "dashboard");

const store = await createDb(url ? { url } : { pgliteDir });
try {
  console.log(`seed:scale: ${transfers.toLocaleString("en")} transfer requests into ${store.describe}...`);
  const seeded = await seedScale(store.db, { transfers, now, ...(perDay === undefined ? {} : { perDay }) });
  console.log(
    `seed:scale: ${seeded.transfers.toLocaleString("en")} requests, ${seeded.approvals.toLocaleString("en")} approvals, ` +
      `${seeded.events.toLocaleString("en")} events, ${seeded.audit.toLocaleString("en")} audit rows in ${seeded.seconds} s`,
  );
} catch (error) {
  // A failed statement's own reason is its cause (drizzle wraps it with the whole SQL text).
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  console.error(`${error instanceof Error ? error.message.split("\n")[0] : String(error)}${cause}`);
  process.exitCode = 1;
} finally {
  await store.close();
}
