import { decodeBrCode, type BrCodeDecoded } from "@/lib/pix/brcode";
import { formatBRL } from "@/lib/pix/money";

export type BrCodeRow = { label: string; value: string | null; mono?: boolean; note?: string };

export type BrCodeSummary = {
  decoded: BrCodeDecoded;
  rows: BrCodeRow[];
  crc: { state: "valid" | "invalid" | "missing"; text: string };
  /** Everything to warn about: the decoder's words plus disagreements with the record. */
  warnings: string[];
  /** `error`: the code is damaged (CRC, length, not Pix); `warning`: readable but off-spec. */
  severity: "ok" | "warning" | "error";
};

const KIND_WORDS: Record<BrCodeDecoded["kind"], string> = {
  static: "Static (a fixed key; may be paid more than once)",
  dynamic: "Dynamic (the charge is read from a URL)",
  unknown: "Unknown (neither a key nor a URL could be read)",
};

/**
 * What the QR page shows of a copy-and-paste code: the decoded fields in words, the CRC
 * check, and warnings, including an amount that differs from the record's `value_cents`.
 */
export function summarizeBrCode(content: string, recordValueCents?: number): BrCodeSummary {
  const decoded = decodeBrCode(content);
  const warnings = [...decoded.warnings];
  if (
    recordValueCents !== undefined &&
    decoded.amountCents !== undefined &&
    decoded.amountCents !== recordValueCents
  ) {
    warnings.push(
      `The code's amount (${formatBRL(decoded.amountCents)}) differs from the record's value (${formatBRL(recordValueCents)})`,
    );
  }

  const { crc } = decoded;
  const crcSummary: BrCodeSummary["crc"] = !crc.present
    ? { state: "missing", text: "No checksum (field 63) in the code" }
    : crc.valid
      ? { state: "valid", text: `Checksum ${crc.actual} is correct` }
      : { state: "invalid", text: `Checksum is wrong: the code says ${crc.actual || "(nothing)"}, the content gives ${crc.expected}` };

  const rows: BrCodeRow[] = [
    { label: "Kind", value: KIND_WORDS[decoded.kind] },
    { label: "Pix key", value: decoded.key ?? null, mono: true },
    ...(decoded.url !== undefined ? [{ label: "Payload URL", value: decoded.url, mono: true }] : []),
    { label: "Merchant name", value: decoded.merchantName ?? null },
    { label: "Merchant city", value: decoded.merchantCity ?? null },
    {
      label: "Amount",
      value: decoded.amountCents !== undefined ? formatBRL(decoded.amountCents) : "Not in the code (the payer types it)",
    },
    {
      label: "txid",
      value: decoded.txid ?? null,
      mono: true,
      ...(decoded.txid === "***" ? { note: "*** means no transaction id" } : {}),
    },
    ...(decoded.message ? [{ label: "Message", value: decoded.message }] : []),
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
