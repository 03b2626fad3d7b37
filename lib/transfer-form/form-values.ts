import type { AccountTypeCode, InitiationType, PixKeyType } from "@/lib/contract";
import type { DateInputProblem } from "@/lib/pix/date-input";
import type { RecurrenceEvery } from "@/lib/transfers/schedule";

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
  /** The saved receiver the fields were filled from ("" none); editing them drops it. */
  receiver_id: string;
  /** "Agendar para": an ISO day, "" for now; `*_problem` says why typed text is no day yet (never "now" by mistake). */
  scheduled_for: string;
  scheduled_for_problem: DateInputProblem | "";
  /** "Repetir": "" once, or every week or month, `repeat_end` says by a count or an end day. */
  repeat: RecurrenceEvery | "";
  repeat_end: "count" | "until";
  repeat_count: string;
  repeat_until: string;
  repeat_until_problem: DateInputProblem | "";
  description: string;
  cost_centre_id: string;
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
    receiver_id: "",
    scheduled_for: "",
    scheduled_for_problem: "",
    repeat: "",
    repeat_end: "count",
    repeat_count: "",
    repeat_until: "",
    repeat_until_problem: "",
    description: "",
    cost_centre_id: "",
  };
}
