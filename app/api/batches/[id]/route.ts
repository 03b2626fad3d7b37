import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonOk, route } from "@/lib/http";
import { batchParamsSchema } from "@/lib/batches/query";
import { getBatch } from "@/lib/batches/store";
import { TransferError } from "@/lib/transfers/errors";

// GET /api/batches/{id}: the batch and every row (line, state, errors, partner ID, outcome)
export const GET = route({ name: "GET /api/batches/[id]", permission: "viewTransfers", params: batchParamsSchema }, async ({ params }) => {
  const detail = await getBatch(await getDb(), params.id);
  if (!detail) throw new TransferError("not_found", "batches.errors.notFound");
  return jsonOk({ ...detail, pace: { rate_per_second: getEnv().transfers.batchRatePerSecond } });
});
