import { jsonOk, route } from "@/lib/http";
import { batchCancelBodySchema, batchParamsSchema } from "@/lib/batches/query";
import { batchContext } from "@/lib/batches/runtime";
import { cancelBatch } from "@/lib/batches/service";
import { getBatchSummary } from "@/lib/batches/store";
import { batchAnswer } from "@/lib/batches/answers";

export const POST = route(
  {
    name: "POST /api/batches/[id]/cancel",
    summary: "The maker withdraws a batch before anything of it was sent",
    answers: { 200: batchAnswer },
    permission: "register", params: batchParamsSchema, body: batchCancelBodySchema,
  },
  async ({ actor, params, body }) => {
    const { db } = await batchContext();
    await cancelBatch(db, params.id, actor, body.reason ?? null);
    return jsonOk({ batch: await getBatchSummary(db, params.id) });
  },
);
