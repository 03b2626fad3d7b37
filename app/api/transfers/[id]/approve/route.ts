import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { transferParamsSchema } from "@/lib/transfers/query";
import { getTransferQueue } from "@/lib/transfers/server/runtime";
import { approveTransfer } from "@/lib/transfers/server/service";
import { getTransfer } from "@/lib/transfers/server/store";
import { transferDetailAnswer } from "@/lib/transfers/answers";

export const POST = route(
  {
    name: "POST /api/transfers/[id]/approve",
    summary: "One approval; the last needed one sends it at once (authorized)",
    answers: { 200: transferDetailAnswer },
    permission: "approve", params: transferParamsSchema, stepUp: true,
  },
  async ({ actor, params }) => {
    const db = await getDb();
    const { ready } = await approveTransfer(db, params.id, actor);
    const queue = await getTransferQueue();
    for (const { id, startAfter } of ready) await queue.enqueue(id, startAfter);
    return jsonOk({ transfer: await getTransfer(db, params.id) });
  },
);
