import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { chargeAnswer, chargeListAnswer } from "@/lib/charges/answers";
import { chargeInputSchema } from "@/lib/charges/input";
import { chargeListQuerySchema } from "@/lib/charges/query";
import { chargeDeps } from "@/lib/charges/runtime";
import { createCharge } from "@/lib/charges/service";
import { chargeDetail, listCharges } from "@/lib/charges/store";

export const POST = route(
  {
    name: "POST /api/charges",
    summary: "A charge (Pix cobrança): a QR code or payment link for a payer; the same external_reference again answers the charge already made (200)",
    answers: { 200: chargeAnswer, 201: chargeAnswer },
    permission: "register", body: chargeInputSchema,
  },
  async ({ actor, body }) => {
    const db = await getDb();
    const { charge, created } = await createCharge(db, body, actor, chargeDeps());
    return jsonOk({ charge: await chargeDetail(db, charge) }, created ? 201 : 200);
  },
);

export const GET = route(
  {
    name: "GET /api/charges",
    summary: "Charges, newest first, with the count, value and amount received of everything the filters match",
    answers: { 200: chargeListAnswer },
    permission: "viewPayments", query: chargeListQuerySchema,
  },
  async ({ query }) => jsonOk(await listCharges(await getDb(), query)),
);
