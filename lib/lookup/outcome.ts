import { paymentHref, qrcodeHref } from "./route-param";
import { isListStep, isPaymentStep, isQrcodeStep, type ListStep, type LookupAnswer, type PaymentStep, type QrcodeStep } from "./result";

/** The keys of the `lookup.summary` messages a summary is made of. */
type LookupSummaryKey =
  | "payment"
  | "qrcode"
  | "qrcodeFound"
  | "qrcodeNone"
  | "qrcodeFailed"
  | "endToEndFound"
  | "endToEndNone"
  | "endToEndFailed"
  | "referenceFound"
  | "referenceNone"
  | "referenceFailed"
  | "idNone"
  | "idFailed"
  | "idSkipped";

/** `t` of the `lookup.summary` messages (the caller's language). */
export type LookupSummaryT = (key: LookupSummaryKey, values?: Record<string, string | number>) => string;

type LookupOutcome = {
  /** Where to go at once: the one record the text certainly names; null = show the results. */
  target: string | null;
  /** One line for the recent-lookups list: what was tried and what was found. */
  summary: string;
  /** True when some step failed (the results offer Retry). */
  failed: boolean;
};

const payments = (answer: LookupAnswer, by: PaymentStep["by"]) => answer.steps.find((s): s is PaymentStep => isPaymentStep(s) && s.by === by);
const qrcodes = (answer: LookupAnswer, by: QrcodeStep["by"]) => answer.steps.find((s): s is QrcodeStep => isQrcodeStep(s) && s.by === by);
const lists = (answer: LookupAnswer, by: ListStep["by"]) => answer.steps.find((s): s is ListStep => isListStep(s) && s.by === by);

function listPart(s: ListStep | undefined, t: LookupSummaryT, q: string, keys: [LookupSummaryKey, LookupSummaryKey, LookupSummaryKey]): string | null {
  const r = s?.result;
  if (!r || r.outcome === "skipped") return null;
  if (r.outcome === "found") return t(keys[0], { count: r.total, query: q });
  return t(r.outcome === "not_found" ? keys[1] : keys[2], { query: q });
}

/** Where a QR code record found by reference code is shown: its page (by end-to-end id) once paid, else the list. */
export function qrcodeRecordHref(qrcode: { reference_code: string; end_to_end: string | null }): string {
  return qrcode.end_to_end ? qrcodeHref(qrcode.end_to_end) : `/qrcodes?reference_code=${encodeURIComponent(qrcode.reference_code)}`;
}

/**
 * Reads a lookup answer: when one step certainly names a record (the payment with that
 * idempotent_id or reference code; the QR code record of an end-to-end id or reference code;
 * failing that, the only payment carrying the end-to-end id) the box goes straight there;
 * otherwise it lists what was tried and found.
 */
export function lookupOutcome(answer: LookupAnswer, t: LookupSummaryT): LookupOutcome {
  const q = answer.query;
  const failed = answer.steps.some((s) => s.result.outcome === "failed");
  if (answer.kind === "empty") return { target: null, summary: "", failed };

  if (answer.kind === "end_to_end") {
    const qr = qrcodes(answer, "qrcode")?.result;
    const byE2e = lists(answer, "end_to_end");
    const qrPart = qr?.outcome === "found" ? t("qrcodeFound") : qr?.outcome === "not_found" ? t("qrcodeNone") : t("qrcodeFailed");
    const summary = [q, qrPart, listPart(byE2e, t, q, ["endToEndFound", "endToEndNone", "endToEndFailed"])].filter(Boolean).join(" · ");
    if (qr?.outcome === "found") return { target: qrcodeHref(q), summary, failed };
    const pr = byE2e?.result;
    const exact = pr?.outcome === "found" ? pr.payments.filter((p) => p.end_to_end === q) : [];
    if (qr?.outcome === "not_found" && exact.length === 1 && exact[0] && pr?.outcome === "found" && pr.total === 1) {
      return { target: paymentHref(exact[0].idempotent_id), summary, failed };
    }
    return { target: null, summary, failed };
  }

  for (const by of ["idempotent_id", "reference"] as const) {
    const r = payments(answer, by)?.result;
    if (r?.outcome === "found") {
      return { target: paymentHref(r.payment.idempotent_id), summary: t("payment", { id: r.payment.idempotent_id, name: r.payment.receiver_name }), failed };
    }
  }
  const qr = qrcodes(answer, "qrcode_reference")?.result;
  if (qr?.outcome === "found") {
    return { target: qrcodeRecordHref(qr.qrcode), summary: t("qrcode", { reference: qr.qrcode.reference_code }), failed };
  }
  const byId = payments(answer, "idempotent_id")?.result;
  const idPart = byId?.outcome === "not_found" ? t("idNone") : byId?.outcome === "failed" ? t("idFailed") : t("idSkipped");
  const refPart = listPart(lists(answer, "reference_code"), t, q, ["referenceFound", "referenceNone", "referenceFailed"]);
  return { target: null, summary: [idPart, refPart].filter(Boolean).join(" · "), failed };
}
