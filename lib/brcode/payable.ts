import { decodeBrCode, detectPixKeyType, normalizePixKey } from "@/lib/pix";
import type { BrCodeAnswer, BrCodeRefusal } from "./answer";

/** What the pasted text is, or null when it is not a Pix code at all (no Pix merchant account). */
export function readPayableBrCode(text: string): BrCodeAnswer | null {
  const d = decodeBrCode(text);
  if (d.kind === "unknown" && d.key === undefined && d.url === undefined) return null;
  const keyType = d.key === undefined ? null : detectPixKeyType(d.key);
  const dynamic = d.kind === "dynamic";
  const refusal: BrCodeRefusal | null = !d.crc.valid
    ? "crc"
    : dynamic
      ? "dynamic"
      : keyType === null
        ? "no_key"
        : d.currency !== "986"
          ? "currency"
          : !d.ok && d.amountCents === undefined && d.fields.some((f) => f.id === "54")
            ? "amount"
            : !d.ok
              ? "unreadable"
              : null;
  return {
    dynamic,
    crc_ok: d.crc.valid,
    pix_key_type: dynamic ? null : keyType,
    pix_key: dynamic || d.key === undefined || keyType === null ? null : normalizePixKey(keyType, d.key),
    value_cents: d.amountCents ?? null,
    receiver_name: d.merchantName ?? null,
    city: d.merchantCity ?? null,
    txid: d.txid && d.txid !== "***" ? d.txid : null,
    payable: refusal === null,
    refusal,
  };
}
