import { getDb } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { clientIp, jsonError, route } from "@/lib/http";
import { issueAuthentication } from "@/lib/receipts/authentication";
import { renderReceiptPdf } from "@/lib/receipts/pdf";
import { refusalAnswer } from "@/lib/receipts/refusal";
import { receiptPdfName, receiptPdfResponse, receiptQuerySchema } from "@/lib/receipts/response";
import { getTransferReceipt } from "@/lib/receipts/transfer-receipt";
import { ApiError } from "@/lib/http/api-error";
import { transferParamsSchema } from "@/lib/transfers/query";
import { fileAnswer } from "@/lib/http/answers";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    name: "GET /api/transfers/[id]/receipt",
    summary: "The comprovante (PDF) of a paid transfer request; 409 saying why when it is not paid; ?disposition=inline to print",
    answers: { 200: fileAnswer("application/pdf", "The comprovante") },
    permission: "viewTransfers", params: transferParamsSchema, query: receiptQuerySchema, checkOrigin: true,
  },
  async ({ request, user, params, query, locale, t }) => {
    const db = await getDb();
    const receipt = await getTransferReceipt(db, params.id);
    if (!receipt) throw new ApiError("not_found", "transfers.errors.notFound");
    if (!receipt.ok) {
      const refused = refusalAnswer(receipt.refusal, t);
      return jsonError(refused.status, refused.error, { kind: refused.kind });
    }
    const disposition = query.disposition ?? "attachment";
    // Recorded before the file leaves: an audit log that cannot be written refuses the receipt (503).
    await recordAudit({
      actor: user,
      action: "payment.receipt",
      target: receipt.data.idempotentId,
      outcome: "exported",
      ip: clientIp(request),
      detail: { transfer_id: params.id, end_to_end: receipt.data.endToEnd, disposition },
    }, db);
    const pdf = await renderReceiptPdf(receipt.data, { locale, authentication: await issueAuthentication(db, receipt.data) });
    return receiptPdfResponse(pdf, receiptPdfName(t("receipts.fileName"), receipt.data.endToEnd), disposition);
  },
);
