import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { transferParamsSchema } from "@/lib/transfers/query";
import { getTransferQueue } from "@/lib/transfers/runtime";
import { approveTransfer } from "@/lib/transfers/service";
import { getTransfer } from "@/lib/transfers/store";

// POST /api/transfers/{id}/approve: one approval; the last needed one sends it at once (authorized)
export const POST = route(
  { name: "POST /api/transfers/[id]/approve", permission: "approve", params: transferParamsSchema, stepUp: true },
  async ({ actor, params }) => {
    const db = await getDb();
    const { approved } = await approveTransfer(db, params.id, actor);
    if (approved) await (await getTransferQueue()).enqueue(params.id);
    return jsonOk({ transfer: await getTransfer(db, params.id) });
  },
);
