/**
 * Where a transfer's money goes, as the approval sums count it (client-safe, pure). One receiver
 * can be written many ways: the maker types the CPF/CNPJ, so a document alone is not a
 * destination. A transfer has up to two destination keys, and the 24 h sums are kept per key
 * (lib/transfers/server/receiver-window.ts):
 * - its document (`receiver_document`, bare);
 * - where the money lands: the Pix key as the provider receives it (normalised: e-mail lower
 *   case, phone in +55 form, CPF/CNPJ bare, random key lower case), or the bank account (ISPB,
 *   agency and account without leading zeros: "0001" and "1" are one agency).
 * The migration that added `destination_key` computes the same in SQL; a test holds both.
 */

/** The fields of a stored or parsed transfer body that say where its money goes. */
export type DestinationBody = {
  receiver_document: string;
  initiation_type?: string | null;
  pix_key_type?: string | null;
  pix_key?: string | null;
  receiver_bank_ispb?: string | null;
  receiver_agency?: string | null;
  receiver_account?: string | null;
};

export type DestinationBasis = "document" | "pix_key" | "account";

/** The key where the money lands (Pix key or bank account), or null when the body names neither. */
export function destinationKey(body: DestinationBody): string | null {
  if (body.initiation_type === "manual") {
    if (!body.receiver_bank_ispb || !body.receiver_agency || !body.receiver_account) return null;
    return `account:${body.receiver_bank_ispb}:${withoutLeadingZeros(body.receiver_agency)}:${withoutLeadingZeros(body.receiver_account)}`;
  }
  if (!body.pix_key || !body.pix_key_type) return null;
  return `pix:${body.pix_key_type}:${body.pix_key}`;
}

/** Which kind of destination a key is. */
export function basisOf(key: string | null): Exclude<DestinationBasis, "document"> | null {
  if (!key) return null;
  return key.startsWith("account:") ? "account" : "pix_key";
}

/** The key as people read it: the Pix key itself, or "ISPB 12345678 · ag. 1 · cc 12345". */
export function destinationLabel(key: string): string {
  if (key.startsWith("pix:")) return key.split(":").slice(2).join(":");
  const [, ispb, agency, account] = key.split(":");
  return `ISPB ${ispb} · ${agency} · ${account}`;
}

function withoutLeadingZeros(digits: string): string {
  return digits.replace(/^0+/, "") || "0";
}
