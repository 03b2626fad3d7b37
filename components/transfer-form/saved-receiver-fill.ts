import type { SavedReceiver } from "@/lib/receivers/types";
import type { RegisterFormValues } from "@/lib/transfer-form/form-values";
import { formatDocument } from "@/lib/pix/document";
import { formatPhone } from "@/lib/pix/phone";

/** The form fields a saved receiver fills, as a person would have typed them (document and phone punctuated). */
export type ReceiverFill = Pick<
  RegisterFormValues,
  | "initiation_type"
  | "receiver_name"
  | "receiver_document"
  | "pix_key_type"
  | "pix_key"
  | "receiver_bank_ispb"
  | "receiver_agency"
  | "receiver_account"
  | "receiver_account_type"
>;

export function fillOf(r: SavedReceiver): ReceiverFill {
  const key = r.pix_key ?? "";
  const shownKey = r.pix_key_type === "phone" ? formatPhone(key) : r.pix_key_type === "cpf" || r.pix_key_type === "cnpj" ? formatDocument(key) : key;
  return {
    initiation_type: r.initiation_type,
    receiver_name: r.receiver_name,
    receiver_document: formatDocument(r.receiver_document),
    pix_key_type: r.bank ? "" : (r.pix_key_type ?? ""),
    pix_key: r.bank ? "" : shownKey,
    receiver_bank_ispb: r.bank?.ispb ?? "",
    receiver_agency: r.bank?.agency ?? "",
    receiver_account: r.bank?.account ?? "",
    receiver_account_type: r.bank?.account_type ?? "",
  };
}

/** True while the form still holds exactly what the saved receiver filled in (the link stands). */
export function stillFilled(fill: ReceiverFill, values: RegisterFormValues): boolean {
  return (Object.keys(fill) as Array<keyof ReceiverFill>).every((field) => values[field] === fill[field]);
}
