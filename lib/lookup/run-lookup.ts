import "server-only";
import type { ListPaymentsAnswer, ListPaymentsParams, PaymentDetail, Qrcode } from "@/lib/contract";
import { getPayment, getPaymentByReference, getQrcode, getQrcodeByReference, isPaymentsApiError, listPayments } from "@/lib/payments-api";
import { detectLookup, type IdProblem } from "./detect";
import {
  LOOKUP_LIST_LIMIT,
  type FailureReason,
  type ListStep,
  type LookupAnswer,
  type LookupListBy,
  type PaymentStep,
  type QrcodeStep,
} from "./result";

/** The provider reads a lookup needs; injectable so the order and wording can be tested. */
export type LookupReads = {
  getPayment: (idempotentId: string) => Promise<PaymentDetail>;
  getPaymentByReference: (reference: string) => Promise<PaymentDetail>;
  getQrcode: (endToEnd: string) => Promise<Qrcode>;
  getQrcodeByReference: (reference: string) => Promise<Qrcode>;
  listPayments: (params: ListPaymentsParams) => Promise<ListPaymentsAnswer>;
};

const providerReads: LookupReads = { getPayment, getPaymentByReference, getQrcode, getQrcodeByReference, listPayments };

function isNotFound(err: unknown): boolean {
  return isPaymentsApiError(err) && err.kind === "not_found";
}

function reasonOf(err: unknown): FailureReason {
  if (!isPaymentsApiError(err)) return "failed";
  if (err.kind === "timeout") return "timeout";
  return err.status === 0 ? "unreachable" : "failed";
}

async function listStep(reads: LookupReads, by: LookupListBy, value: string): Promise<ListStep> {
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

async function qrcodeStep(by: QrcodeStep["by"], read: () => Promise<Qrcode>): Promise<QrcodeStep> {
  try {
    return { by, result: { outcome: "found", qrcode: await read() } };
  } catch (err) {
    if (isNotFound(err)) return { by, result: { outcome: "not_found" } };
    return { by, result: { outcome: "failed", reason: reasonOf(err) } };
  }
}

async function paymentStep(by: PaymentStep["by"], read: () => Promise<PaymentDetail>): Promise<PaymentStep> {
  try {
    return { by, result: { outcome: "found", payment: await read() } };
  } catch (err) {
    if (isNotFound(err)) return { by, result: { outcome: "not_found" } };
    return { by, result: { outcome: "failed", reason: reasonOf(err) } };
  }
}

const skipped = <S extends { by: string }>(by: S["by"], reason: IdProblem) => ({ by, result: { outcome: "skipped" as const, reason } });

/**
 * Finds whatever a pasted text points at. An end-to-end id: its QR code record and the
 * payments whose end_to_end matches. Anything else, side by side: the payment with that
 * idempotent_id, the payment with exactly that reference code, the QR code with that reference
 * code; only when no payment has exactly that reference code, the payments whose reference code
 * contains it (the provider has no partial search on idempotent_id). Every step is reported
 * (found, not found, failed with why, or skipped with why) so the screen can say what was tried.
 */
export async function runLookup(raw: string, reads: LookupReads = providerReads): Promise<LookupAnswer> {
  const plan = detectLookup(raw);
  if (plan.kind === "empty") return { query: "", kind: "empty", steps: [] };
  if (plan.kind === "end_to_end") {
    const steps = await Promise.all([
      qrcodeStep("qrcode", () => reads.getQrcode(plan.value)),
      listStep(reads, "end_to_end", plan.value),
    ]);
    return { query: plan.value, kind: "end_to_end", steps };
  }
  const v = plan.value;
  const [byId, byReference, byQrReference] = await Promise.all([
    plan.idempotentIdProblem ? skipped<PaymentStep>("idempotent_id", plan.idempotentIdProblem) : paymentStep("idempotent_id", () => reads.getPayment(v)),
    plan.referenceProblem ? skipped<PaymentStep>("reference", plan.referenceProblem) : paymentStep("reference", () => reads.getPaymentByReference(v)),
    plan.referenceProblem ? skipped<QrcodeStep>("qrcode_reference", plan.referenceProblem) : qrcodeStep("qrcode_reference", () => reads.getQrcodeByReference(v)),
  ]);
  const steps: LookupAnswer["steps"] = [byId, byReference, byQrReference];
  if (byReference.result.outcome === "found") {
    steps.push({ by: "reference_code", result: { outcome: "skipped", reason: "found_exactly" } });
  } else {
    steps.push(plan.referenceFragment ? await listStep(reads, "reference_code", v) : skipped<ListStep>("reference_code", "too_long"));
  }
  return { query: v, kind: "text", steps };
}
