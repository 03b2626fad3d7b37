import { stepUpAnswer } from "@/lib/auth/answers";
import { emptyBodySchema, jsonOk, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    name: "POST /api/me/step-up/recent",
    summary: "200 when this session proved who holds it within the step-up window, else the step-up 403; asked before adding or removing a passkey",
    answers: { 200: stepUpAnswer },
    permission: "account",
    body: emptyBodySchema,
    stepUp: true,
  },
  async ({ user }) => jsonOk({ verified_at: user.verifiedAt.toISOString() }),
);
