import { paymentHref, qrcodeHref } from "./route-param";
import type { LookupAnswer, LookupStep } from "./result";

export type LookupOutcome = {
  /** Where to go at once: the one record the text certainly names; null = show the results. */
  target: string | null;
  /** One line for the recent-lookups list: what was tried and what was found. */
  summary: string;
  /** True when some step failed (the results offer Retry). */
  failed: boolean;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type ListStep = Extract<LookupStep, { by: "end_to_end" | "reference_code" }>;

function step<B extends "qrcode" | "idempotent_id">(answer: LookupAnswer, by: B): Extract<LookupStep, { by: B }> | undefined {
  return answer.steps.find((s): s is Extract<LookupStep, { by: B }> => s.by === by);
}

function listStep(answer: LookupAnswer, by: ListStep["by"]): ListStep | undefined {
  return answer.steps.find((s): s is ListStep => s.by === by);
}

function listPart(s: ListStep | undefined, what: string): string | null {
  if (!s) return null;
  const r = s.result;
  if (r.outcome === "found") return `${plural(r.total, "payment", "payments")} ${what}`;
  if (r.outcome === "not_found") return `no payment ${what}`;
  if (r.outcome === "failed") return `could not search payments ${what}`;
  return null;
}

/**
 * Reads a lookup answer: when one step certainly names a record (the payment with that
 * idempotent_id; the QR code record of an end-to-end id; failing that, the only payment
 * carrying it) the box goes straight there; otherwise it lists what was tried and found.
 */
export function lookupOutcome(answer: LookupAnswer): LookupOutcome {
  const q = answer.query;
  const failed = answer.steps.some((s) => s.result.outcome === "failed");
  if (answer.kind === "empty") return { target: null, summary: "", failed };

  if (answer.kind === "end_to_end") {
    const qr = step(answer, "qrcode")?.result;
    const payments = listStep(answer, "end_to_end");
    const parts = [
      qr?.outcome === "found"
        ? "QR code record found"
        : qr?.outcome === "not_found"
          ? "No QR code record"
          : "Could not read the QR code record",
      listPart(payments, "with this end-to-end id"),
    ].filter(Boolean);
    const summary = `${q} · ${parts.join(" · ")}`;
    if (qr?.outcome === "found") return { target: qrcodeHref(q), summary, failed };
    const pr = payments?.result;
    const exact = pr?.outcome === "found" ? pr.payments.filter((p) => p.end_to_end === q) : [];
    if (qr?.outcome === "not_found" && exact.length === 1 && exact[0] && pr?.outcome === "found" && pr.total === 1) {
      return { target: paymentHref(exact[0].idempotent_id), summary, failed };
    }
    return { target: null, summary, failed };
  }

  const byId = step(answer, "idempotent_id")?.result;
  if (byId?.outcome === "found") {
    const p = byId.payment;
    return { target: paymentHref(p.idempotent_id), summary: `Payment ${p.idempotent_id} · ${p.receiver_name}`, failed };
  }
  const idPart =
    byId?.outcome === "not_found"
      ? "Not an idempotent_id"
      : byId?.outcome === "failed"
        ? "Could not check the idempotent_id"
        : "Not tried as an idempotent_id";
  const refPart = listPart(listStep(answer, "reference_code"), `whose reference code contains “${q}”`);
  return { target: null, summary: [idPart, refPart].filter(Boolean).join(" · "), failed };
}
