import "server-only";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { getApprovalPolicy } from "@/lib/transfers/server/policy-store";
import { getTransferQueue } from "@/lib/transfers/server/runtime";

/** What the batch routes need from this process: the store, the queue, the policy and the pace. */
export async function batchContext() {
  const db = await getDb();
  const env = getEnv();
  const [queue, policy] = await Promise.all([getTransferQueue(), getApprovalPolicy(db, env.approvalExpiryHours)]);
  return { db, queue, policy, pace: { ratePerSecond: env.transfers.batchRatePerSecond } };
}
