import "@/lib/zod-config";
import { z } from "zod";
import { getAuth } from "@/lib/auth/auth";
import { passkeyParty } from "@/lib/auth/passkey-party";
import { MAX_STEP_UP_FAILURES, stepUpMethod, verifyStepUp } from "@/lib/auth/step-up";
import { getDb } from "@/lib/db";
import { clientIp, jsonError, jsonOk, route } from "@/lib/http";
import { passkeyAssertionSchema, stepUpAnswer } from "@/lib/auth/answers";

export const dynamic = "force-dynamic";

const bodySchema = z
  .object({
    password: z.string().min(1).max(256).optional(),
    code: z.string().trim().regex(/^\d{6}$/, "auth.stepUp.enterCode").optional(),
    passkey: passkeyAssertionSchema.optional(),
  })
  .refine((b) => b.password !== undefined || b.code !== undefined || b.passkey !== undefined, { message: "auth.stepUp.enterPassword", path: ["password"] });

const WRONG = { password: "auth.stepUp.wrongPassword", code: "auth.stepUp.wrongCode", passkey: "auth.stepUp.wrongPasskey" } as const;

export const POST = route(
  {
    name: "POST /api/me/step-up",
    summary: "The password, the authenticator code or a passkey assertion (POST /api/me/step-up/passkey-options first) again, recorded on the session; money routes ask for it after 5 minutes",
    answers: { 200: stepUpAnswer },
    permission: "account", body: bodySchema,
  },
  async ({ request, user, body, t }) => {
  const result = await verifyStepUp(
    { auth: await getAuth(), db: await getDb(), passkeyParty: passkeyParty() },
    { headers: request.headers, user, answer: body, ip: clientIp(request) },
  );
  if (result.ok) return jsonOk({ verified_at: result.verifiedAt.toISOString() });
  const method = stepUpMethod(user);
  if (result.reason === "wrong_method") {
    return jsonError(422, t("auth.stepUp.wrongMethod", { method }), { kind: "validation", fields: { [method]: t("auth.stepUp.wrongMethod", { method }) } });
  }
  if (result.sessionEnded) return jsonError(401, t("auth.stepUp.sessionEnded"), { kind: "unauthenticated" });
  const field = body.passkey ? "passkey" : body.code ? "code" : "password";
  const message = t(WRONG[field], { left: MAX_STEP_UP_FAILURES - result.failures });
  return jsonError(403, message, { kind: "step_up_failed", fields: { [field]: message } });
});
