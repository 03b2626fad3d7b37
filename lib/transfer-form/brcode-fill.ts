import type { BrCodeAnswer } from "@/lib/brcode/answer";
import { formatBRLNumber } from "@/lib/pix/money";
import { formatDocument } from "@/lib/pix/document";
import { formatPhone } from "@/lib/pix/phone";
import { DESCRIPTION_MAX } from "@/lib/transfers/input";
import type { RegisterFormValues } from "./form-values";

/** How the code's txid is kept in the description: the receiver's reference, found again in the list and the comprovante. */
export function brCodeTxidNote(txid: string): string {
  return `Pix Copia e Cola txid ${txid}`;
}

export type BrCodeFill = Partial<Pick<RegisterFormValues, "initiation_type" | "pix_key_type" | "pix_key" | "amount" | "receiver_name" | "receiver_document" | "description">>;

/**
 * The form fields a payable static code fills, as a person would have typed them: a key transfer
 * to the code's key, its amount and name; a CPF or CNPJ key is the receiver's own document. The
 * txid goes into the description after what was typed there (cut to fit), never replacing it.
 */
export function brCodeFill(code: BrCodeAnswer, values: Pick<RegisterFormValues, "description">): BrCodeFill | null {
  if (!code.payable || !code.pix_key_type || !code.pix_key) return null;
  const type = code.pix_key_type;
  const key = code.pix_key;
  const fill: BrCodeFill = {
    initiation_type: "dict",
    pix_key_type: type,
    pix_key: type === "phone" ? formatPhone(key) : type === "cpf" || type === "cnpj" ? formatDocument(key) : key,
  };
  if (code.value_cents !== null && code.value_cents > 0) fill.amount = formatBRLNumber(code.value_cents);
  if (code.receiver_name) fill.receiver_name = code.receiver_name;
  if (type === "cpf" || type === "cnpj") fill.receiver_document = formatDocument(key);
  if (code.txid) {
    const note = brCodeTxidNote(code.txid);
    const typed = values.description.trim();
    if (!typed.includes(note)) {
      fill.description = typed ? `${typed.slice(0, DESCRIPTION_MAX - note.length - 3)} · ${note}` : note;
    }
  }
  return fill;
}
