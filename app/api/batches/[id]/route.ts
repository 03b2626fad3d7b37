import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonOk, route } from "@/lib/http";
import { batchParamsSchema } from "@/lib/batches/query";
import { discardDraft, previewBatchApprovals } from "@/lib/batches/service";
import { getBatch } from "@/lib/batches/store";
import { getApprovalPolicy } from "@/lib/transfers/server/policy-store";
import { ApiError } from "@/lib/http/api-error";
import { batchDetailAnswer, batchDiscardedAnswer } from "@/lib/batches/answers";

export const GET = route(
  {
    name: "GET /api/batches/[id]",
    summary: "The batch and every row (line, state, errors, partner ID, outcome)",
    answers: { 200: batchDetailAnswer },
    permission: "viewTransfers", params: batchParamsSchema,
  },
  async ({ params }) => {
  const db = await getDb();
  const env = getEnv();
  const detail = await getBatch(db, params.id);
  if (!detail) throw new ApiError("not_found", "batches.errors.notFound");
  const submitApprovals = detail.batch.state === "draft" ? await previewBatchApprovals(db, params.id, await getApprovalPolicy(db, env.approvalExpiryHours)) : null;
  return jsonOk({ ...detail, pace: { rate_per_second: env.transfers.batchRatePerSecond }, submit_approvals: submitApprovals });
});

export const DELETE = route(
  {
    name: "DELETE /api/batches/[id]",
    summary: "Its maker discards a draft (never submitted); 404 afterwards",
    answers: { 200: batchDiscardedAnswer },
    permission: "register", params: batchParamsSchema,
  },
  async ({ actor, params }) => {
  await discardDraft(await getDb(), params.id, actor);
  return jsonOk({ discarded: params.id });
});
