import type { PixKeyType } from "@/lib/contract";
import { formatDocument } from "@/lib/pix/document";
import { formatPhone } from "@/lib/pix/phone";

/** The account types the glossary words (`glossary.accountTypes`): answers' words and requests' codes. */
type GlossaryAccountType =
  | "checking_account"
  | "savings_account"
  | "salary_account"
  | "transaction_account"
  | "CACC"
  | "SVGS"
  | "SLRY"
  | "TRAN";

const ACCOUNT_TYPES: ReadonlySet<string> = new Set<GlossaryAccountType>([
  "checking_account",
  "savings_account",
  "salary_account",
  "transaction_account",
  "CACC",
  "SVGS",
  "SLRY",
  "TRAN",
]);

/** True when `glossary.accountTypes` has a word for this value. */
export function isGlossaryAccountType(value: string): value is GlossaryAccountType {
  return ACCOUNT_TYPES.has(value);
}

/** A key as people read it: documents punctuated, Brazilian phones spaced, others as stored. */
export function formatPixKey(type: PixKeyType, key: string): string {
  if (type === "cpf" || type === "cnpj") return formatDocument(key);
  if (type === "phone") return formatPhone(key);
  return key;
}
