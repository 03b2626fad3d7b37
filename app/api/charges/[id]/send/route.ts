import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonError, jsonOk, route } from "@/lib/http";
import { chargeAnswer } from "@/lib/charges/answers";
import { chargeParamsSchema, sendBodySchema } from "@/lib/charges/query";
import { chargeDeps } from "@/lib/charges/runtime";
import { ChargeMailError, sendChargeEmail } from "@/lib/charges/send";
import { configuredMailSender } from "@/lib/mail/sender";

// POST /api/charges/{id}/send: e-mails a charge awaiting payment to its payer (audited)
export const POST = route(
  {
    name: "POST /api/charges/[id]/send",
    summary:
      "E-mails a charge awaiting payment to its payer: amount, due date, the code to copy, the QR code inline and the PDF attached, in `locale` (pt-BR by default); 409 when it is not awaiting payment or has no payer e-mail, 503 when e-mail is not configured, 502 when the mail server refused it (audited)",
    answers: { 200: chargeAnswer },
    permission: "register", params: chargeParamsSchema, body: sendBodySchema,
  },
  async ({ actor, params, body, t }) => {
    const sendMail = await configuredMailSender(getEnv());
    if (!sendMail) return jsonError(503, t("charges.errors.mailOff"), { kind: "not_configured" });
    try {
      const charge = await sendChargeEmail(await getDb(), params.id, actor, { sendMail, issuer: chargeDeps().issuer, locale: body.locale ?? "pt-BR" });
      return jsonOk({ charge });
    } catch (error) {
      if (error instanceof ChargeMailError) return jsonError(502, t("charges.errors.mailFailed"), { kind: "upstream_failure" });
      throw error;
    }
  },
);
