import { recordAudit } from "@/lib/db/audit";
import { paymentParamsSchema } from "@/lib/domain/ids";
import { clientIp, jsonError, route } from "@/lib/http";
import { getPaymentReceipt } from "@/lib/receipts/payment-receipt";
import { issueAuthentication } from "@/lib/receipts/authentication";
import { renderReceiptPdf } from "@/lib/receipts/pdf";
import { refusalAnswer } from "@/lib/receipts/refusal";
import { receiptPdfName, receiptPdfResponse, receiptQuerySchema } from "@/lib/receipts/response";
import { fileAnswer } from "@/lib/http/answers";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";

// A GET that hands out personal data in the user's name: refused when another site asks (checkOrigin).
export const GET = route(
  {
    name: "GET /api/payments/[idempotent_id]/receipt",
    summary: "The comprovante (PDF) of a completed payment; ?disposition=inline to print it",
    answers: { 200: fileAnswer("application/pdf", "The comprovante") },
    permission: "viewPayments", params: paymentParamsSchema, query: receiptQuerySchema, checkOrigin: true,
  },
  async ({ request, user, params, query, locale, t }) => {
    const db = await getDb();
    const receipt = await getPaymentReceipt(params.idempotent_id);
    if (!receipt.ok) {
      const refused = refusalAnswer(receipt.refusal, t);
      return jsonError(refused.status, refused.error, { kind: refused.kind });
    }
    const disposition = query.disposition ?? "attachment";
    // Recorded before the file leaves: an audit log that cannot be written refuses the receipt (503).
    await recordAudit({
      actor: user,
      action: "payment.receipt",
      target: params.idempotent_id,
      outcome: "exported",
      ip: clientIp(request),
      detail: { end_to_end: receipt.data.endToEnd, disposition },
    }, db);
    const pdf = await renderReceiptPdf(receipt.data, { locale, authentication: await issueAuthentication(db, receipt.data) });
    return receiptPdfResponse(pdf, receiptPdfName(t("receipts.fileName"), receipt.data.endToEnd), disposition);
  },
);
