import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonOk, route } from "@/lib/http";
import { getApprovalPolicy } from "@/lib/transfers/policy-store";
import { approvalsPreviewQuerySchema } from "@/lib/transfers/query";
import { previewApprovals } from "@/lib/transfers/create";
import { approvalsPreviewAnswer } from "@/lib/transfers/answers";

// GET /api/transfers/approvals-preview?value_cents=&receiver_document=: the approvals a transfer the signed-in maker types would need
export const GET = route(
  {
    name: "GET /api/transfers/approvals-preview",
    summary: "The approvals a transfer the signed-in maker types would need",
    answers: { 200: approvalsPreviewAnswer },
    permission: "register", query: approvalsPreviewQuerySchema,
  },
  async ({ actor, query }) => {
    const db = await getDb();
    const policy = await getApprovalPolicy(db, getEnv().approvalExpiryHours);
    const need = await previewApprovals(db, { maker: actor, receiverDocument: query.receiver_document ?? null, valueCents: query.value_cents, policy });
    return jsonOk({ need });
  },
);
