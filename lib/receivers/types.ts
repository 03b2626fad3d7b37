import type { AccountTypeCode, InitiationType, PixKeyType } from "@/lib/contract/enums";
import type { Person } from "@/lib/transfers/types";

/** A saved receiver as the API answers it: the transfer's field names, so it fills the form as it is. */
export type SavedReceiver = {
  id: string;
  nickname: string;
  receiver_name: string;
  receiver_document: string;
  initiation_type: InitiationType;
  pix_key_type: PixKeyType | null;
  pix_key: string | null;
  bank: { ispb: string; agency: string; account: string; account_type: AccountTypeCode } | null;
  created_by: Person;
  created_at: string;
  updated_at: string;
};
