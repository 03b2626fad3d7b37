import { requireApiUser } from "@/lib/auth/guard";
import { qrcodeParamsSchema } from "@/lib/domain/ids";
import { jsonOk, setRequestUser, validationError, withRoute } from "@/lib/http";
import { getQrcode } from "@/lib/payments-api";

type Context = { params: Promise<{ end_to_end: string }> };

export const GET = withRoute<Context>("GET /api/qrcodes/[end_to_end]", async (request, { params }) => {
  // GET /api/qrcodes/{end_to_end}: the QR code record of a payment (provider 406 -> 404)
  const gate = await requireApiUser(request, "viewPayments");
  if ("response" in gate) return gate.response;
  setRequestUser(gate.user.id);
  const parsed = qrcodeParamsSchema.safeParse(await params);
  if (!parsed.success) return validationError(parsed.error, 400);
  return jsonOk({ qrcode: await getQrcode(parsed.data.end_to_end) });
});
