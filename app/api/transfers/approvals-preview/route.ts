import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonOk, route } from "@/lib/http";
import { getApprovalPolicy } from "@/lib/transfers/server/policy-store";
import { approvalsPreviewQuerySchema } from "@/lib/transfers/query";
import { previewApprovals } from "@/lib/transfers/server/create";
import { approvalsPreviewAnswer } from "@/lib/transfers/answers";
import { destinationLabel } from "@/lib/transfers/destination";
import { normalizePixKey, pixKeyError } from "@/lib/pix";

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
    const { value_cents, pix_key_type, pix_key, ...destination } = query;
    // A key that is not valid yet says nothing about where the money goes: only the document counts then.
    const key = pix_key_type && pix_key && !pixKeyError(pix_key_type, pix_key) ? { pix_key_type, pix_key: normalizePixKey(pix_key_type, pix_key) } : {};
    const need = await previewApprovals(db, { maker: actor, destination: { ...destination, ...key }, valueCents: value_cents, policy });
    return jsonOk({ need: { ...need, window_key: need.window_key ? destinationLabel(need.window_key) : null } });
  },
);
