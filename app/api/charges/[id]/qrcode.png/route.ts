import { toBuffer } from "qrcode";
import { getDb } from "@/lib/db";
import { route } from "@/lib/http";
import { fileAnswer } from "@/lib/http/answers";
import { chargeParamsSchema } from "@/lib/charges/query";
import { getChargeRow } from "@/lib/charges/store";
import { ApiError } from "@/lib/http/api-error";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    name: "GET /api/charges/[id]/qrcode.png",
    summary: "The charge's QR code as a PNG image (made from its copia-e-cola code); 404 when it has none",
    answers: { 200: fileAnswer("image/png", "The QR code") },
    permission: "viewPayments", params: chargeParamsSchema,
  },
  async ({ params }) => {
    const row = await getChargeRow(await getDb(), params.id);
    if (!row?.content) throw new ApiError("not_found", "charges.errors.noCode");
    const png = await toBuffer(row.content, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 8 });
    return new Response(new Uint8Array(png), { headers: { "content-type": "image/png", "cache-control": "private, max-age=300" } });
  },
);
