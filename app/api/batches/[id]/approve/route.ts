import { jsonOk, route } from "@/lib/http";
import { batchParamsSchema } from "@/lib/batches/query";
import { batchContext } from "@/lib/batches/runtime";
import { approveBatch } from "@/lib/batches/service";
import { getBatchSummary } from "@/lib/batches/store";
import { batchAnswer } from "@/lib/batches/answers";

export const POST = route(
  {
    name: "POST /api/batches/[id]/approve",
    summary: "One approval of the whole batch; the last needed one sends every row",
    answers: { 200: batchAnswer },
    permission: "approve", params: batchParamsSchema, stepUp: true,
  },
  async ({ actor, params }) => {
  const { db, queue, pace } = await batchContext();
  await approveBatch(db, queue, params.id, actor, pace);
  return jsonOk({ batch: await getBatchSummary(db, params.id) });
});
