import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { clientIp, jsonOk, route } from "@/lib/http";
import { approvalPolicySchema } from "@/lib/transfers/policy";
import { getApprovalPolicy, saveApprovalPolicy } from "@/lib/transfers/policy-store";

// GET /api/settings/approvals: the approval policy in force (makers see what their transfer will need)
export const GET = route({ name: "GET /api/settings/approvals", permission: "viewTransfers" }, async () =>
  jsonOk({ policy: await getApprovalPolicy(await getDb(), getEnv().approvalExpiryHours) }),
);

// PUT /api/settings/approvals: a new version of the policy (admins; audited with what changed)
export const PUT = route(
  { name: "PUT /api/settings/approvals", permission: "policy", body: approvalPolicySchema },
  async ({ request, user, body }) =>
    jsonOk({
      policy: await saveApprovalPolicy(await getDb(), body, { id: user.id, email: user.email }, clientIp(request), getEnv().approvalExpiryHours),
    }),
);
