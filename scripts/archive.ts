/**
 * `npm run archive -- --before YYYY-MM [--dir <dir>]`: every closed Brazil month before YYYY-MM of the
 * audit log, transfer events and webhook events is written to `<dir>/<table>-<YYYY-MM>.jsonl.gz` with a
 * `.sha256` beside it, read back and checked, then detached and dropped (lib/db/partitions/archive.ts).
 * `npm run archive -- --restore <file>` loads such a file back as its month. `--dir` defaults to
 * ARCHIVE_DIR. The store is the app's: PostgreSQL when DATABASE_URL is set, otherwise PGlite under
 * DATA_DIR (stop the server first: PGlite is one process).
 */
import path from "node:path";
import { createDb } from "@/lib/db/client";
import { archiveBefore, restoreArchive } from "@/lib/db/partitions/archive";
import { parseArchiveFile } from "@/lib/db/partitions/archive-file";
import { isMonth } from "@/lib/db/partitions/months";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function fail(message: string): never {
  console.error(`archive: ${message}`);
  process.exit(2);
}

const before = arg("before");
const restore = arg("restore");
const dir = arg("dir") ?? process.env.ARCHIVE_DIR;
if (!before === !restore) fail("give --before YYYY-MM or --restore <file>");
if (before && !isMonth(before)) fail(`--before ${before}: expected a month as YYYY-MM`);
if (before && !dir) fail("--dir <directory> (or ARCHIVE_DIR) says where the files go");
const file = restore ? parseArchiveFile(path.resolve(restore)) : null;
if (restore && !file) fail(`${restore}: not an archive file (<table>-<YYYY-MM>.jsonl.gz)`);

const url = process.env.DATABASE_URL;
const store = await createDb(url ? { url } : { pgliteDir: path.join(process.env.DATA_DIR ?? ".data", "dashboard") });
try {
  if (file) {
    const done = await restoreArchive(store.db, file);
    console.log(`archive: restored ${done.rows.toLocaleString("en")} rows of ${done.table} ${done.month} from ${done.file}`);
  } else {
    const done = await archiveBefore(store.db, { before: before!, dir: path.resolve(dir!) });
    for (const m of done) console.log(`archive: ${m.table} ${m.month}: ${m.rows.toLocaleString("en")} rows -> ${m.file} (sha256 ${m.sha256})`);
    if (done.length === 0) console.log(`archive: no closed month before ${before} is left in ${store.describe}`);
  }
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  console.error(`archive: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}${cause} (nothing was dropped)`);
  process.exitCode = 1;
} finally {
  await store.close();
}
