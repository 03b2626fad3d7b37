import { getDb } from "@/lib/db";
import { route } from "@/lib/http";
import { fileAnswer } from "@/lib/http/answers";
import { renderChargePdf } from "@/lib/charges/pdf";
import { chargeParamsSchema } from "@/lib/charges/query";
import { chargeDeps } from "@/lib/charges/runtime";
import { getCharge } from "@/lib/charges/store";
import { receiptPdfResponse, receiptQuerySchema } from "@/lib/receipts/response";
import { ApiError } from "@/lib/http/api-error";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    name: "GET /api/charges/[id]/pdf",
    summary: "The charge as a PDF a customer can pay from: our company, payer, amount, due date, QR code, the code to copy, the link; ?disposition=inline to print",
    answers: { 200: fileAnswer("application/pdf", "The charge") },
    permission: "viewPayments", params: chargeParamsSchema, query: receiptQuerySchema,
  },
  async ({ params, query, locale, t }) => {
    const charge = await getCharge(await getDb(), params.id);
    if (!charge) throw new ApiError("not_found", "charges.errors.notFound");
    const pdf = await renderChargePdf(charge, { locale, issuer: chargeDeps().issuer });
    const name = `${t("charges.pdf.fileName")}_${charge.external_reference.replace(/[^0-9A-Za-z-]/g, "")}.pdf`;
    return receiptPdfResponse(pdf, name, query.disposition ?? "attachment");
  },
);
