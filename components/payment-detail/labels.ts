import type { AccountType, PixKeyType } from "@/lib/contract";
import { formatDocument } from "@/lib/pix/document";
import { formatPhone } from "@/lib/pix/phone";

/** Account types in words (answers carry `checking_account`; a request code is mapped by the contract). */
export const ACCOUNT_TYPE_WORDS: Record<AccountType, string> = {
  checking_account: "Checking account",
  savings_account: "Savings account",
  salary_account: "Salary account",
  transaction_account: "Payment account",
};

export const PIX_KEY_TYPE_WORDS: Record<PixKeyType, string> = {
  phone: "Phone",
  email: "Email",
  cpf: "CPF",
  cnpj: "CNPJ",
  token: "Random key",
};

export function accountTypeWords(type: string | null): string | null {
  if (!type) return null;
  return (ACCOUNT_TYPE_WORDS as Record<string, string>)[type] ?? type;
}

/** A key as people read it: documents punctuated, Brazilian phones spaced, others as stored. */
export function formatPixKey(type: PixKeyType, key: string): string {
  if (type === "cpf" || type === "cnpj") return formatDocument(key);
  if (type === "phone") return formatPhone(key);
  return key;
}
