/**
 * Test support: a back office instance reduced to its payout engine (the queue's workers and
 * the reconciler), configured by the environment like the server (DATABASE_URL,
 * PAYMENTS_API_URL, ...). The crash and two-instance tests start it as a child process and kill
 * it with SIGKILL. Run with `tsx --conditions=react-server` (the store modules are server-only).
 */
import { closeDb } from "@/lib/db";
import { submissionStepTotals } from "@/lib/metrics/registry";
import { startTransferEngine, stopTransferEngine } from "@/lib/transfers/server/runtime";
import { STEPS_LINE } from "./child";

await startTransferEngine();
process.stdout.write("engine ready\n");

const stop = async () => {
  await stopTransferEngine().catch(() => undefined);
  // Where its submissions' time went (stepsOf in child.ts reads it).
  process.stdout.write(`${STEPS_LINE}${JSON.stringify(await submissionStepTotals())}\n`);
  await closeDb().catch(() => undefined);
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
