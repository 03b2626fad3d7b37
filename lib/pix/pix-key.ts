import type { PixKeyType } from "@/lib/contract/enums";
import { isValidCnpj } from "./cnpj";
import { isValidCpf } from "./cpf";
import { stripDocument } from "./document";
import { normalizePhone, phoneError } from "./phone";

/** Longest email key the DICT accepts. */
const EMAIL_KEY_MAX = 77;
/** Random key (EVP): a lowercase UUID. */
const EVP_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/**
 * Email shape: dot-separated atoms before the @ (no leading, trailing or double dot),
 * a domain of at least two labels, letters-only (or punycode) top-level label.
 */
const EMAIL_KEY_RE =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

const CPF_KEY_CHARS = /^[\d.\-\s]+$/;
const CNPJ_KEY_CHARS = /^[0-9A-Za-z.\-/\s]+$/;

/**
 * The key as it must be sent to the provider: phone `+55...` digits, email trimmed and
 * lower-cased, CPF/CNPJ bare (upper case), random key lower case. Input that cannot be
 * normalised comes back trimmed, so `pixKeyError` still explains what is wrong with it.
 */
export function normalizePixKey(type: PixKeyType, key: string): string {
  const trimmed = key.trim();
  switch (type) {
    case "phone":
      return normalizePhone(trimmed) ?? trimmed;
    case "email":
      return trimmed.toLowerCase();
    case "cpf":
    case "cnpj":
      return stripDocument(trimmed);
    case "token":
      return trimmed.toLowerCase();
  }
}

/**
 * Null when `key` is a valid key of `type` (after normalisation), otherwise why not: a message
 * key of the `validation` namespace (messages/<locale>/validation.json), so the form, the API
 * and a batch file say it in the reader's language.
 */
export function pixKeyError(type: PixKeyType, key: string): string | null {
  const trimmed = key.trim();
  switch (type) {
    case "phone":
      if (!trimmed) return "validation.pixKey.phone.empty";
      return phoneError(normalizePhone(trimmed));
    case "email": {
      if (!trimmed) return "validation.pixKey.email.empty";
      const email = trimmed.toLowerCase();
      if (email.length > EMAIL_KEY_MAX) return "validation.pixKey.email.tooLong";
      return EMAIL_KEY_RE.test(email) ? null : "validation.pixKey.email.format";
    }
    case "cpf": {
      if (!trimmed) return "validation.pixKey.cpf.empty";
      const cpf = stripDocument(trimmed);
      if (!CPF_KEY_CHARS.test(trimmed) || cpf.length !== 11) return "validation.pixKey.cpf.length";
      return isValidCpf(cpf) ? null : "validation.pixKey.cpf.digits";
    }
    case "cnpj": {
      if (!trimmed) return "validation.pixKey.cnpj.empty";
      const cnpj = stripDocument(trimmed);
      if (!CNPJ_KEY_CHARS.test(trimmed) || !/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) return "validation.pixKey.cnpj.length";
      return isValidCnpj(cnpj) ? null : "validation.pixKey.cnpj.digits";
    }
    case "token": {
      if (!trimmed) return "validation.pixKey.token.empty";
      return EVP_RE.test(trimmed.toLowerCase()) ? null : "validation.pixKey.token.format";
    }
  }
}

/**
 * Best guess of a key's type, for a single "paste any key" field. Order matters:
 * `+` means phone; `@` means email; a UUID is a random key; then a valid CPF (an
 * 11-digit number that is both a valid CPF and a phone is taken as a CPF unless it
 * is written like a phone, with parentheses); then CNPJ; then a phone.
 */
export function detectPixKeyType(key: string): PixKeyType | null {
  const trimmed = key.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith("+")) return pixKeyError("phone", trimmed) === null ? "phone" : null;
  if (trimmed.includes("@")) return pixKeyError("email", trimmed) === null ? "email" : null;
  if (pixKeyError("token", trimmed) === null) return "token";
  const looksLikePhone = /[()]/.test(trimmed);
  if (!looksLikePhone && pixKeyError("cpf", trimmed) === null) return "cpf";
  if (pixKeyError("cnpj", trimmed) === null) return "cnpj";
  if (pixKeyError("phone", trimmed) === null) return "phone";
  return null;
}
