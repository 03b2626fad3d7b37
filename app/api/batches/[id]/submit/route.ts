import { jsonOk, route } from "@/lib/http";
import { batchParamsSchema } from "@/lib/batches/query";
import { batchContext } from "@/lib/batches/runtime";
import { submitBatch } from "@/lib/batches/service";
import { getBatchSummary } from "@/lib/batches/store";
import { batchAnswer } from "@/lib/batches/answers";

export const POST = route(
  {
    name: "POST /api/batches/[id]/submit",
    summary: "Each valid row becomes a transfer request (after the batch's approval when the policy asks)",
    answers: { 200: batchAnswer },
    permission: "register", params: batchParamsSchema, stepUp: true,
  },
  async ({ actor, params }) => {
  const { db, queue, policy, pace } = await batchContext();
  await submitBatch(db, queue, params.id, actor, policy, pace);
  return jsonOk({ batch: await getBatchSummary(db, params.id) });
});
