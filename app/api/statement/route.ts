import { clientIp, jsonOk, route } from "@/lib/http";
import { statementExportResponse } from "@/lib/statement/export";
import { statementQuerySchema } from "@/lib/statement/period";
import { getStatement } from "@/lib/statement/source";
import { fileAnswer } from "@/lib/http/answers";
import { statementAnswerSchema } from "@/lib/statement/answer";
import { getDb } from "@/lib/db";

// A file streams to the period's end, however long that takes: never cached, never prerendered.
export const dynamic = "force-dynamic";

// Reads (and downloads) the account's movements in the user's name: refused when another site asks.
export const GET = route(
  {
    name: "GET /api/statement",
    summary: "The period's Pix movements, totals and the balance; &format=ofx|csv|xlsx for the file",
    answers: { 200: fileAnswer(["application/x-ofx", ...["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]], "The period's movements as a file (with `format`)", statementAnswerSchema) },
    permission: "viewPayments", query: statementQuerySchema, checkOrigin: true,
  },
  async ({ request, user, query, t }) => {
    const period = { start: query.start, end: query.end };
    if (query.format) return statementExportResponse({ format: query.format, period, actor: user, ip: clientIp(request), t, db: await getDb() });
    return jsonOk(await getStatement(period, query.page ?? 1));
  },
);
