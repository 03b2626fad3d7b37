import type { AccountTypeCode, InitiationType, PixKeyType } from "@/lib/contract";

/**
 * What the register form holds while a person types. Everything is text except the mode and
 * the checkbox: the amount stays as typed ("1.234,56") and becomes integer cents only when the
 * values are mapped to a request body (`toRequestBody`). Names match the request body's, except
 * `amount` (-> `value_cents`).
 */
export type RegisterFormValues = {
  initiation_type: InitiationType;
  amount: string;
  receiver_name: string;
  receiver_document: string;
  pix_key_type: PixKeyType | "";
  pix_key: string;
  receiver_bank_ispb: string;
  receiver_agency: string;
  receiver_account: string;
  receiver_account_type: AccountTypeCode | "";
  authorized: boolean;
  idempotent_id: string;
};

export type RegisterFormField = keyof RegisterFormValues;

/** A fresh form: "By Pix key" (the contract's default), nothing typed, not authorized. */
export function emptyRegisterForm(idempotentId: string): RegisterFormValues {
  return {
    initiation_type: "dict",
    amount: "",
    receiver_name: "",
    receiver_document: "",
    pix_key_type: "",
    pix_key: "",
    receiver_bank_ispb: "",
    receiver_agency: "",
    receiver_account: "",
    receiver_account_type: "",
    authorized: false,
    idempotent_id: idempotentId,
  };
}

/** The two ways to address a transfer, in words. */
export const INITIATION_TYPE_WORDS: Record<InitiationType, string> = {
  dict: "By Pix key",
  manual: "By bank account",
};

/** Pix key types in words, for the select and the review. */
export const PIX_KEY_TYPE_WORDS: Record<PixKeyType, string> = {
  phone: "Phone",
  email: "Email",
  cpf: "CPF",
  cnpj: "CNPJ",
  token: "Random key",
};

/** What a person types for each key type (placeholder of the Pix key field). */
export const PIX_KEY_PLACEHOLDERS: Record<PixKeyType, string> = {
  phone: "+55 11 91234-5678",
  email: "name@example.com",
  cpf: "529.982.247-25",
  cnpj: "11.222.333/0001-81",
  token: "123e4567-e89b-12d3-a456-426614174000",
};

/** Account type request codes in words (the contract: CACC checking, SVGS savings, ...). */
export const ACCOUNT_TYPE_WORDS: Record<AccountTypeCode, string> = {
  CACC: "Checking",
  SVGS: "Savings",
  SLRY: "Salary",
  TRAN: "Payment account",
};

/** Labels of the fields, as the form shows them (also used to name fields in messages and the review). */
export const FIELD_LABELS: Record<RegisterFormField, string> = {
  initiation_type: "Send to",
  amount: "Amount",
  receiver_name: "Receiver name",
  receiver_document: "Receiver document",
  pix_key_type: "Pix key type",
  pix_key: "Pix key",
  receiver_bank_ispb: "Bank (ISPB)",
  receiver_agency: "Branch",
  receiver_account: "Account",
  receiver_account_type: "Account type",
  authorized: "Authorize now",
  idempotent_id: "Payment id (idempotent_id)",
};

/** Fields each mode shows, in screen order. The others are left out of the request body. */
export const MODE_FIELDS = {
  dict: ["pix_key_type", "pix_key"],
  manual: ["receiver_bank_ispb", "receiver_agency", "receiver_account", "receiver_account_type"],
} as const satisfies Record<InitiationType, readonly RegisterFormField[]>;
