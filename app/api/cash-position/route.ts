import { cashPositionAnswer, cashPositionQuery } from "@/lib/cash/answers";
import { cashColumns } from "@/lib/cash/columns";
import { cashPosition } from "@/lib/cash/position";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { exportResponse } from "@/lib/export/response";
import { jsonOk, route } from "@/lib/http";
import { fileAnswer } from "@/lib/http/answers";
import { getCachedBalance } from "@/lib/payments-api";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    name: "GET /api/cash-position",
    summary:
      "The cash position for the next `days` (1-90, 30 by default): each Brazil day opens at the previous close (day 1 at the provider's available balance) and closes at opening - out + in; what awaits approval is apart; the days that send more than they have are shortfalls. ?format=csv|xlsx for the file",
    answers: { 200: fileAnswer(["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"], "With `format`: one line per day (the Brazilian Excel dialect)", cashPositionAnswer) },
    permission: "viewPayments", query: cashPositionQuery,
  },
  async ({ query, t }) => {
    const b = await getCachedBalance();
    const position = await cashPosition(await getDb(), {
      days: query.days,
      balance: { availableCents: b.availableCents, blockedCents: b.blockedCents, checkedAt: b.checkedAt },
      expectedInPercent: getEnv().cash.expectedInPercent,
      now: new Date(),
    });
    if (!query.format) return jsonOk(position);
    let sent = false;
    return exportResponse({
      format: query.format,
      fileBase: t("cash.fileBase"),
      sheetName: t("cash.sheet"),
      columns: cashColumns(t),
      next: async () => {
        if (sent) return null;
        sent = true;
        return position.days;
      },
    });
  },
);
