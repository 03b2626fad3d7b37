import { jsonOk, route } from "@/lib/http";
import { batchParamsSchema } from "@/lib/batches/query";
import { batchContext } from "@/lib/batches/runtime";
import { retryFailedRows } from "@/lib/batches/service";
import { getBatchSummary } from "@/lib/batches/store";
import { batchRetriedAnswer } from "@/lib/batches/answers";

export const POST = route(
  {
    name: "POST /api/batches/[id]/retry",
    summary: "The rows that failed (nothing registered) are sent again with the same ids",
    answers: { 200: batchRetriedAnswer },
    permission: "register", params: batchParamsSchema,
  },
  async ({ actor, params }) => {
  const { db, queue, pace } = await batchContext();
  const { retried } = await retryFailedRows(db, queue, params.id, actor, pace);
  return jsonOk({ retried, batch: await getBatchSummary(db, params.id) });
});
