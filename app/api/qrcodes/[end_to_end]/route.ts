import { qrcodeParamsSchema } from "@/lib/domain/ids";
import { jsonOk, route } from "@/lib/http";
import { getQrcode } from "@/lib/payments-api";
import { qrcodeAnswerSchema } from "@/lib/contract/qrcode";

export const GET = route(
  {
    name: "GET /api/qrcodes/[end_to_end]",
    summary: "The QR code record of a payment (provider 406 -> 404)",
    answers: { 200: qrcodeAnswerSchema },
    permission: "viewPayments", params: qrcodeParamsSchema,
  },
  async ({ params }) => jsonOk({ qrcode: await getQrcode(params.end_to_end) }),
);
