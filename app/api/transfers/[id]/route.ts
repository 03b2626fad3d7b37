import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { ApiError } from "@/lib/http/api-error";
import { transferParamsSchema } from "@/lib/transfers/query";
import { getTransfer } from "@/lib/transfers/server/store";
import { transferDetailAnswer } from "@/lib/transfers/answers";

export const GET = route(
  {
    name: "GET /api/transfers/[id]",
    summary: "One transfer request with its approvals, timeline and outcome",
    answers: { 200: transferDetailAnswer },
    permission: "viewTransfers", params: transferParamsSchema,
  },
  async ({ params }) => {
    const transfer = await getTransfer(await getDb(), params.id);
    if (!transfer) throw new ApiError("not_found", "transfers.errors.notFound");
    return jsonOk({ transfer });
  },
);
