import { registerTransferSchema } from "@/lib/contract";
import { getDb } from "@/lib/db";
import { paymentsListQuerySchema } from "@/lib/domain/list-params";
import { getEnv } from "@/lib/env";
import { jsonError, jsonOk, route } from "@/lib/http";
import { listPayments } from "@/lib/payments-api";
import { awaitSettled } from "@/lib/transfers/server/await-outcome";
import { asTransferOutcome } from "@/lib/transfers/outcome";
import { getApprovalPolicy } from "@/lib/transfers/server/policy-store";
import { getTransferQueue } from "@/lib/transfers/server/runtime";
import { createTransfer } from "@/lib/transfers/server/create";
import { transferView } from "@/lib/transfers/server/store";
import { listPaymentsAnswerSchema } from "@/lib/contract/list";
import { pendingPaymentAnswer, registeredPaymentAnswer } from "@/lib/transfers/answers";

export const GET = route(
  {
    name: "GET /api/payments",
    summary: "List payments (same params and shape as the provider)",
    answers: { 200: listPaymentsAnswerSchema },
    permission: "viewPayments", query: paymentsListQuerySchema,
  },
  async ({ query }) =>
  jsonOk(await listPayments(query)),
);

/**
 * POST /api/payments: kept for existing callers, a thin alias of POST /api/transfers that waits
 * (up to the register timeout) for the outcome and answers as before: 201 { payment, reconciled }
 * once registered, the provider's refusal with its status, 409 when it failed or was stopped,
 * 202 { transfer } while it waits for approval or is still being sent.
 */
export const POST = route(
  {
    name: "POST /api/payments",
    summary: "POST /api/payments",
    answers: { 200: registeredPaymentAnswer, 201: registeredPaymentAnswer, 202: pendingPaymentAnswer },
    permission: "register", body: registerTransferSchema,
  },
  async ({ actor, body, t }) => {
    const db = await getDb();
    const env = getEnv();
    const policy = await getApprovalPolicy(db, env.approvalExpiryHours);
    const created = await createTransfer(db, await getTransferQueue(), {
      transfer: body,
      maker: actor,
      policy,
    });
    const row = (await awaitSettled(db, created.transfer.id, env.registerTimeoutMs)) ?? created.transfer;
    const transfer = await transferView(db, row);
    const outcome = asTransferOutcome(row.outcome);
    switch (row.state) {
      case "registered":
      case "paid":
      case "provider_canceled": {
        const found = outcome?.kind === "registered" && outcome.found_by_read_back;
        const payment = {
          reference_code: row.referenceCode,
          idempotent_id: row.idempotentId,
          value_cents: row.valueCents,
          pix_key_type: transfer.pix_key_type,
          pix_key: transfer.pix_key,
          receiver_name: row.receiverName,
          receiver_document: row.receiverDocument,
          status: row.providerStatus,
        };
        const reconciled = found || !created.created;
        return jsonOk({ payment, reconciled, transfer }, reconciled ? 200 : 201);
      }
      case "refused": {
        const refusal = outcome?.kind === "refused" ? outcome : null;
        const status = refusal?.http_status === 403 ? 403 : 422;
        const kind = refusal?.http_status === 403 ? "forbidden" : /insufficient funds/i.test(refusal?.message ?? "") ? "insufficient_funds" : "invalid";
        return jsonError(status, t("errors.provider.refused", { message: refusal?.message ?? "" }), { kind, ...(refusal?.fields ? { fields: refusal.fields } : {}) });
      }
      case "failed":
      case "rejected":
      case "canceled":
      case "expired":
        return jsonError(409, t(`transfers.errors.ended.${row.state}`), { kind: "conflict" });
      default:
        return jsonOk({ transfer }, 202);
    }
  },
);
