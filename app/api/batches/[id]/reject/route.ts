import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { batchParamsSchema } from "@/lib/batches/query";
import { rejectBatch } from "@/lib/batches/service";
import { getBatchSummary } from "@/lib/batches/store";
import { rejectBodySchema } from "@/lib/transfers/query";
import { batchAnswer } from "@/lib/batches/answers";

export const POST = route(
  {
    name: "POST /api/batches/[id]/reject",
    summary: "{ reason } no row of the batch is ever sent",
    answers: { 200: batchAnswer },
    permission: "approve", params: batchParamsSchema, body: rejectBodySchema,
  },
  async ({ actor, params, body }) => {
  const db = await getDb();
  await rejectBatch(db, params.id, actor, body.reason);
  return jsonOk({ batch: await getBatchSummary(db, params.id) });
});
