import { decodeBrCode, type BrCodeDecoded } from "@/lib/pix/brcode";
import { formatBRL } from "@/lib/pix/money";

/** A decoded field's name (the page words it: `qrcodeDetail.brcode.rows`, or the glossary for the key and amount). */
export type BrCodeRowKey = "kind" | "pixKey" | "payloadUrl" | "merchantName" | "merchantCity" | "amount" | "txid" | "message";

/**
 * One line of the decoded code: `value` is data from the code (shown as it is); `words` a message
 * of ours shown instead (the kind, an amount the payer types); `note` a hint beside the value.
 */
export type BrCodeRow = {
  key: BrCodeRowKey;
  value: string | null;
  words?: "static" | "dynamic" | "unknown" | "amountTyped";
  mono?: boolean;
  note?: "noTxid";
};

/** The decoder's own words (technical, quoted as they are) or one of ours with its figures. */
export type BrCodeWarning = { text: string } | { key: "amountDiffers"; code: string; record: string };

export type BrCodeSummary = {
  decoded: BrCodeDecoded;
  rows: BrCodeRow[];
  /** `actual`: what the code says (empty when nothing); `expected`: what its content gives. */
  crc: { state: "valid" | "invalid" | "missing"; actual: string; expected: string };
  /** Everything to warn about: the decoder's words plus disagreements with the record. */
  warnings: BrCodeWarning[];
  /** `error`: the code is damaged (CRC, length, not Pix); `warning`: readable but off-spec. */
  severity: "ok" | "warning" | "error";
};

/**
 * What the QR page shows of a copy-and-paste code: the decoded fields, the CRC check, and
 * warnings, including an amount that differs from the record's `value_cents`.
 */
export function summarizeBrCode(content: string, recordValueCents?: number): BrCodeSummary {
  const decoded = decodeBrCode(content);
  const warnings: BrCodeWarning[] = decoded.warnings.map((text) => ({ text }));
  if (
    recordValueCents !== undefined &&
    decoded.amountCents !== undefined &&
    decoded.amountCents !== recordValueCents
  ) {
    warnings.push({ key: "amountDiffers", code: formatBRL(decoded.amountCents), record: formatBRL(recordValueCents) });
  }

  const { crc } = decoded;
  const crcSummary: BrCodeSummary["crc"] = {
    state: !crc.present ? "missing" : crc.valid ? "valid" : "invalid",
    actual: crc.actual ?? "",
    expected: crc.expected ?? "",
  };

  const rows: BrCodeRow[] = [
    { key: "kind", value: null, words: decoded.kind },
    { key: "pixKey", value: decoded.key ?? null, mono: true },
    ...(decoded.url !== undefined ? [{ key: "payloadUrl" as const, value: decoded.url, mono: true }] : []),
    { key: "merchantName", value: decoded.merchantName ?? null },
    { key: "merchantCity", value: decoded.merchantCity ?? null },
    decoded.amountCents !== undefined
      ? { key: "amount", value: formatBRL(decoded.amountCents) }
      : { key: "amount", value: null, words: "amountTyped" },
    { key: "txid", value: decoded.txid ?? null, mono: true, ...(decoded.txid === "***" ? { note: "noTxid" as const } : {}) },
    ...(decoded.message ? [{ key: "message" as const, value: decoded.message }] : []),
  ];

  const damaged = crcSummary.state !== "valid" || decoded.fields.length === 0 || !decoded.ok;
  return {
    decoded,
    rows,
    crc: crcSummary,
    warnings,
    severity: damaged ? "error" : warnings.length > 0 ? "warning" : "ok",
  };
}
