import { getDb } from "@/lib/db";
import { jsonError, route } from "@/lib/http";
import { fileAnswer } from "@/lib/http/answers";
import { chargeParamsSchema } from "@/lib/charges/query";
import { chargeReceipt } from "@/lib/charges/receipt";
import { chargeDeps } from "@/lib/charges/runtime";
import { getCharge } from "@/lib/charges/store";
import { issueAuthentication } from "@/lib/receipts/authentication";
import { renderReceiptPdf } from "@/lib/receipts/pdf";
import { receiptPdfName, receiptPdfResponse, receiptQuerySchema } from "@/lib/receipts/response";
import { ApiError } from "@/lib/http/api-error";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    name: "GET /api/charges/[id]/receipt",
    summary: "The comprovante (PDF) of a paid charge; 409 when it is not paid; ?disposition=inline to print",
    answers: { 200: fileAnswer("application/pdf", "The comprovante") },
    permission: "viewPayments", params: chargeParamsSchema, query: receiptQuerySchema,
  },
  async ({ params, query, locale, t }) => {
    const db = await getDb();
    const charge = await getCharge(db, params.id);
    if (!charge) throw new ApiError("not_found", "charges.errors.notFound");
    const receipt = chargeReceipt(charge, chargeDeps().issuer);
    if (!receipt.ok) {
      return receipt.refusal.reason === "companyMissing"
        ? jsonError(503, t("receipts.errors.companyMissing"), { kind: "not_configured" })
        : jsonError(409, t("charges.errors.notPaid"), { kind: "conflict" });
    }
    const pdf = await renderReceiptPdf(receipt.data, { locale, authentication: await issueAuthentication(db, receipt.data) });
    return receiptPdfResponse(pdf, receiptPdfName(t("receipts.fileName"), receipt.data.endToEnd), query.disposition ?? "attachment");
  },
);
