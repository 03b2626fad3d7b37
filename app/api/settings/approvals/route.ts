import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { clientIp, jsonOk, route } from "@/lib/http";
import { approvalPolicySchema } from "@/lib/transfers/policy";
import { getApprovalPolicy } from "@/lib/transfers/server/policy-store";
import { pendingAnswer } from "@/lib/admin-changes/http";
import { changePolicyOrAsk } from "@/lib/admin-changes/service";
import { pendingChangeAnswer } from "@/lib/admin-changes/answers";
import { policyAnswer } from "@/lib/transfers/answers";

export const GET = route(
  {
    name: "GET /api/settings/approvals",
    summary: "The approval policy in force (makers see what their transfer will need)",
    answers: { 200: policyAnswer },
    permission: "viewTransfers",
  },
  async () =>
  jsonOk({ policy: await getApprovalPolicy(await getDb(), getEnv().approvalExpiryHours) }),
);

export const PUT = route(
  {
    name: "PUT /api/settings/approvals",
    summary: "A new version of the policy (admins; audited): stricter applies at once (200), weaker waits for a second admin (202)",
    answers: { 200: policyAnswer, 202: pendingChangeAnswer },
    permission: "policy", body: approvalPolicySchema,
  },
  async ({ request, user, body }) => {
  const ctx = { db: await getDb(), ip: clientIp(request), defaultExpiryHours: getEnv().approvalExpiryHours };
  const result = await changePolicyOrAsk(ctx, body, { id: user.id, email: user.email });
  return "pending" in result ? pendingAnswer(result.pending) : jsonOk({ policy: result.applied });
});
