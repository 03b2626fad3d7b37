import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { rejectBodySchema, transferParamsSchema } from "@/lib/transfers/query";
import { rejectTransfer } from "@/lib/transfers/server/service";
import { getTransfer } from "@/lib/transfers/server/store";
import { transferDetailAnswer } from "@/lib/transfers/answers";

export const POST = route(
  {
    name: "POST /api/transfers/[id]/reject",
    summary: "{ reason } (required, shown to the maker); nothing is ever sent",
    answers: { 200: transferDetailAnswer },
    permission: "approve", params: transferParamsSchema, body: rejectBodySchema,
  },
  async ({ actor, params, body }) => {
    const db = await getDb();
    await rejectTransfer(db, params.id, actor, body.reason);
    return jsonOk({ transfer: await getTransfer(db, params.id) });
  },
);
