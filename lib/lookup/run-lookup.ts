import "server-only";
import type { ListPaymentsAnswer, ListPaymentsParams, PaymentDetail, Qrcode } from "@/lib/contract";
import { getPayment, getQrcode, isPaymentsApiError, listPayments } from "@/lib/payments-api";
import { detectLookup } from "./detect";
import { LOOKUP_LIST_LIMIT, type LookupAnswer, type LookupListBy, type LookupStep } from "./result";

/** The provider reads a lookup needs; injectable so the order and wording can be tested. */
export type LookupReads = {
  getPayment: (idempotentId: string) => Promise<PaymentDetail>;
  getQrcode: (endToEnd: string) => Promise<Qrcode>;
  listPayments: (params: ListPaymentsParams) => Promise<ListPaymentsAnswer>;
};

const providerReads: LookupReads = { getPayment, getQrcode, listPayments };

function isNotFound(err: unknown): boolean {
  return isPaymentsApiError(err) && err.kind === "not_found";
}

function reasonOf(err: unknown): string {
  return err instanceof Error && err.message ? err.message : "The payments provider did not answer";
}

async function listStep(
  reads: LookupReads,
  by: LookupListBy,
  value: string,
): Promise<Extract<LookupStep, { by: LookupListBy }>> {
  try {
    const { payments, meta } = await reads.listPayments({ [by]: value });
    if (payments.length === 0) return { by, result: { outcome: "not_found" } };
    return {
      by,
      result: {
        outcome: "found",
        payments: payments.slice(0, LOOKUP_LIST_LIMIT),
        total: Math.max(meta.total_items_amount, payments.length),
      },
    };
  } catch (err) {
    return { by, result: { outcome: "failed", reason: reasonOf(err) } };
  }
}

async function qrcodeStep(reads: LookupReads, endToEnd: string): Promise<LookupStep> {
  try {
    return { by: "qrcode", result: { outcome: "found", qrcode: await reads.getQrcode(endToEnd) } };
  } catch (err) {
    if (isNotFound(err)) return { by: "qrcode", result: { outcome: "not_found" } };
    return { by: "qrcode", result: { outcome: "failed", reason: reasonOf(err) } };
  }
}

async function paymentStep(reads: LookupReads, idempotentId: string): Promise<LookupStep> {
  try {
    return { by: "idempotent_id", result: { outcome: "found", payment: await reads.getPayment(idempotentId) } };
  } catch (err) {
    if (isNotFound(err)) return { by: "idempotent_id", result: { outcome: "not_found" } };
    return { by: "idempotent_id", result: { outcome: "failed", reason: reasonOf(err) } };
  }
}

/**
 * Finds whatever a pasted text points at. An end-to-end id: its QR code record and the
 * payments whose end_to_end matches. Anything else: the payment with that idempotent_id, and
 * the payments whose reference code contains it. The reads run side by side; every step is
 * reported (found, not found, failed with the reason, or skipped with why) so the screen can
 * always say what was tried.
 */
export async function runLookup(raw: string, reads: LookupReads = providerReads): Promise<LookupAnswer> {
  const plan = detectLookup(raw);
  if (plan.kind === "empty") return { query: "", kind: "empty", steps: [] };
  if (plan.kind === "end_to_end") {
    const steps = await Promise.all([qrcodeStep(reads, plan.value), listStep(reads, "end_to_end", plan.value)]);
    return { query: plan.value, kind: "end_to_end", steps };
  }
  const byId: Promise<LookupStep> = plan.idempotentIdProblem
    ? Promise.resolve({
        by: "idempotent_id",
        result: { outcome: "skipped", reason: `It cannot be an idempotent_id: it ${plan.idempotentIdProblem}` },
      })
    : paymentStep(reads, plan.value);
  const byReference: Promise<LookupStep> = plan.referenceFragment
    ? listStep(reads, "reference_code", plan.value)
    : Promise.resolve({
        by: "reference_code",
        result: { outcome: "skipped", reason: "Reference codes have at most 100 characters" },
      });
  const steps = await Promise.all([byId, byReference]);
  return { query: plan.value, kind: "text", steps };
}
