import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonOk, route } from "@/lib/http";
import { handledBodySchema, transferParamsSchema } from "@/lib/transfers/query";
import { handleAttention } from "@/lib/transfers/server/service";
import { getTransfer } from "@/lib/transfers/server/store";
import { transferDetailAnswer } from "@/lib/transfers/answers";

export const POST = route(
  {
    name: "POST /api/transfers/[id]/handled",
    summary: "{ note } what was done about what needed attention (audited)",
    answers: { 200: transferDetailAnswer },
    permission: "handleAttention", params: transferParamsSchema, body: handledBodySchema,
  },
  async ({ actor, params, body }) => {
    const db = await getDb();
    const { transfers } = getEnv();
    await handleAttention(db, params.id, actor, body.note, { afterMinutes: transfers.attentionAfterMinutes, portal: transfers.providerAuthorization === "portal" });
    return jsonOk({ transfer: await getTransfer(db, params.id) });
  },
);
