import { isValidCnpj } from "./cnpj";
import { isValidCpf } from "./cpf";

type DocumentKind = "cpf" | "cnpj";

/** Removes the punctuation people type in documents (. - / and spaces) and upper-cases letters. */
export function stripDocument(s: string): string {
  return s.replace(/[.\-/\s]/g, "").toUpperCase();
}

/** A valid CPF (11 characters) or CNPJ (14 characters), bare: strip with `stripDocument` first. */
export function isValidDocument(s: string): boolean {
  if (s.length === 11) return isValidCpf(s);
  if (s.length === 14) return isValidCnpj(s);
  return false;
}

/**
 * The kind a document looks like by its shape (not its check digits): 11 digits is a CPF,
 * 12 digits-or-letters plus 2 digits is a CNPJ. Punctuation is ignored.
 */
export function documentKind(s: string): DocumentKind | null {
  const bare = stripDocument(s);
  if (/^\d{11}$/.test(bare)) return "cpf";
  if (/^[0-9A-Z]{12}\d{2}$/.test(bare)) return "cnpj";
  return null;
}

/**
 * `000.000.000-00` for a CPF, `00.000.000/0000-00` for a CNPJ (alphanumeric too).
 * Anything else comes back unchanged, so it is safe on whatever a record holds.
 */
export function formatDocument(s: string): string {
  const bare = stripDocument(s);
  switch (documentKind(bare)) {
    case "cpf":
      return `${bare.slice(0, 3)}.${bare.slice(3, 6)}.${bare.slice(6, 9)}-${bare.slice(9)}`;
    case "cnpj":
      return `${bare.slice(0, 2)}.${bare.slice(2, 5)}.${bare.slice(5, 8)}/${bare.slice(8, 12)}-${bare.slice(12)}`;
    default:
      return s;
  }
}
