import "server-only";
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

/**
 * PGlite is a single-process database: two processes on one directory corrupt it. A lock file
 * next to the directory (holding the owner's pid) makes a second opener (a second server, or
 * the users CLI while the server runs) fail with a clear message instead. A lock whose process
 * is gone is stale and taken over.
 */
export class StoreInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded store at ${dir} is in use by process ${pid}. Stop that process first ` +
        `(or point DATABASE_URL at a PostgreSQL server, which any number of processes can share).`,
    );
    this.name = "StoreInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock for `dir`; returns its release function. Throws StoreInUseError. */
export function lockPgliteDir(dir: string): () => void {
  const lockPath = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) throw new StoreInUseError(dir, owner);
      rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock the embedded store at ${dir}`);
}
