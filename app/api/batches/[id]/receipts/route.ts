import { batchParamsSchema } from "@/lib/batches/query";
import { batchReceiptsZip } from "@/lib/batches/receipts";
import { getDb } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { clientIp, jsonError, NO_STORE, route } from "@/lib/http";
import { refusalAnswer } from "@/lib/receipts/refusal";
import { fileAnswer } from "@/lib/http/answers";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    name: "GET /api/batches/[id]/receipts",
    summary: "A ZIP with the comprovante of every paid row and the results file (streamed; audited; same-site only)",
    answers: { 200: fileAnswer("application/zip", "The comprovante (PDF) of every paid row and the results file") },
    permission: "viewTransfers", params: batchParamsSchema, checkOrigin: true,
  },
  async ({ request, user, params, locale, t }) => {
    const db = await getDb();
    const zip = await batchReceiptsZip(db, params.id, { locale, t });
    if (!zip.ok) {
      if (zip.refusal.reason === "noPaidRows") return jsonError(409, t("receipts.errors.noPaidRows"), { kind: "conflict" });
      const refused = refusalAnswer(zip.refusal, t);
      return jsonError(refused.status, refused.error, { kind: refused.kind });
    }
    await recordAudit({
      actor: user,
      action: "batch.export",
      target: params.id,
      outcome: "success",
      ip: clientIp(request),
      detail: { format: "receipts", paid_rows: zip.paidRows },
    }, db);
    return new Response(zip.stream, {
      headers: {
        ...NO_STORE,
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${zip.fileName}"`,
        "x-content-type-options": "nosniff",
      },
    });
  },
);
