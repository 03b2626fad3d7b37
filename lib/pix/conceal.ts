import type { PixKeyType } from "@/lib/contract/enums";
import { documentKind, formatDocument, stripDocument } from "./document";

/**
 * Personal data as Brazilian banks print it on a comprovante (and as the Banco Central's DICT
 * shows it): enough to recognise the receiver, never enough to use the document or key.
 * A person's CPF keeps its middle six digits, `***.456.789-**`; a CNPJ is a company's public
 * register and is shown whole. Pix keys: a CPF key like the document, a CNPJ key whole, an
 * e-mail keeps its first two letters and its domain, a phone its country code and last four
 * digits, a random key its first group and last four characters.
 */
const HIDDEN = "*";

/** Every letter or digit but the last `keep` hidden: for values whose shape we do not know. */
function hideAllBut(text: string, keep: number): string {
  const chars = [...text];
  const visibleFrom = chars.length - keep;
  return chars.map((c, i) => (i < visibleFrom && /[0-9A-Za-z]/.test(c) ? HIDDEN : c)).join("");
}

/** A CPF as `***.456.789-**`, a CNPJ whole and punctuated; anything else hidden but its last 2 characters. */
export function concealDocument(document: string): string {
  const bare = stripDocument(document);
  switch (documentKind(bare)) {
    case "cpf":
      return `***.${bare.slice(3, 6)}.${bare.slice(6, 9)}-**`;
    case "cnpj":
      return formatDocument(bare);
    default:
      return hideAllBut(document.trim(), 2);
  }
}

function concealEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return hideAllBut(email, 2);
  const local = email.slice(0, at);
  const shown = [...local].slice(0, local.length > 2 ? 2 : 1).join("");
  return `${shown}${HIDDEN.repeat(3)}${email.slice(at)}`;
}

function concealPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  const br = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  if (br) return `+55 ${HIDDEN.repeat(2)} ${HIDDEN.repeat(br[2]!.length)}-${br[3]}`;
  return digits.length > 4 ? `+${HIDDEN.repeat(digits.length - 4)}${digits.slice(-4)}` : HIDDEN.repeat(4);
}

function concealRandomKey(key: string): string {
  const m = /^([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}([0-9a-f]{4})$/i.exec(key);
  return m ? `${m[1]}-****-****-****-********${m[2]}` : hideAllBut(key, 4);
}

/** A Pix key as a comprovante shows it (see the rules above). */
export function concealPixKey(type: PixKeyType, key: string): string {
  const trimmed = key.trim();
  switch (type) {
    case "cpf":
      return concealDocument(trimmed);
    case "cnpj":
      return formatDocument(trimmed);
    case "email":
      return concealEmail(trimmed);
    case "phone":
      return concealPhone(trimmed);
    case "token":
      return concealRandomKey(trimmed);
  }
}
