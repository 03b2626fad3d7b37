import type { AccountTypeCode, InitiationType, PixKeyType } from "@/lib/contract";

/**
 * What the register form holds while a person types. Everything is text except the mode: the amount stays as typed ("1.234,56") and becomes integer cents only when the
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
  idempotent_id: string;
};

export type RegisterFormField = keyof RegisterFormValues;

/** A fresh form: "By Pix key" (the contract's default), nothing typed. */
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
    idempotent_id: idempotentId,
  };
}
