import { listQrcodesParamsSchema } from "@/lib/contract";
import { jsonOk, route } from "@/lib/http";
import { listQrcodes } from "@/lib/payments-api";
import { listQrcodesAnswerSchema } from "@/lib/contract/qrcode-list";

export const GET = route(
  {
    name: "GET /api/qrcodes",
    summary: "The charges (QR codes) list, same params and shape as the provider's GET /v1/pix/qrcodes (100 per page, totals in meta)",
    answers: { 200: listQrcodesAnswerSchema },
    permission: "viewPayments", query: listQrcodesParamsSchema,
  },
  async ({ query }) =>
  jsonOk(await listQrcodes(query)),
);
