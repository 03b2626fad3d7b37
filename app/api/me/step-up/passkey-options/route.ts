import { passkeyParty } from "@/lib/auth/passkey-party";
import { passkeyStepUpOptions } from "@/lib/auth/passkey-step-up";
import { stepUpNow } from "@/lib/auth/step-up";
import { passkeyOptionsAnswer } from "@/lib/auth/answers";
import { getDb } from "@/lib/db";
import { emptyBodySchema, jsonError, jsonOk, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    name: "POST /api/me/step-up/passkey-options",
    summary: "A challenge for a passkey step-up on this session (navigator.credentials.get options, user verification required, 5 minutes, used once); 409 when the user holds no passkey",
    answers: { 200: passkeyOptionsAnswer },
    permission: "account",
    body: emptyBodySchema,
  },
  async ({ user, t }) => {
    const options = await passkeyStepUpOptions(await getDb(), user, passkeyParty(), stepUpNow());
    if (!options) return jsonError(409, t("security.passkeys.none"), { kind: "conflict" });
    return jsonOk(options);
  },
);
