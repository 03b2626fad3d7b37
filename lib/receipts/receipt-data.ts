import type { AccountType, PixKeyType } from "@/lib/contract/enums";
import type { PaymentDetail } from "@/lib/contract/payment";
import { findParticipant } from "@/lib/pix/bank";
import { parseEndToEnd } from "@/lib/pix/end-to-end";

/**
 * What a comprovante says, whoever asks for it (a payment of the provider's list, a paid transfer
 * request, a batch's row): plain data, no I/O, no words. `lib/receipts/pdf.ts` draws it in the
 * reader's language; documents and keys are concealed there, at the edge, never here.
 */
export type ReceiptParty = {
  name: string;
  /** CPF or CNPJ as stored (bare or punctuated). */
  document: string;
};

/** Where the money went: the receiver's institution and account, each part when known. */
export type ReceiptBank = {
  /** ISPB of the receiver's institution; its name is looked up (lib/pix/bank.ts) when `name` is absent. */
  ispb: string | null;
  name: string | null;
  agency: string | null;
  account: string | null;
  accountType: AccountType | null;
};

export type ReceiptData = {
  /** The company (COMPANY_NAME, COMPANY_DOCUMENT). */
  payer: ReceiptParty;
  amountCents: number;
  /** When the Pix was paid: an instant (provider datetime text or a Date). */
  paidAt: string | Date;
  endToEnd: string;
  referenceCode: string;
  idempotentId: string;
  receiver: ReceiptParty & {
    /** The key the transfer was sent to (a transfer by bank account has none). */
    pixKey: { type: PixKeyType; key: string } | null;
    bank: ReceiptBank | null;
  };
  /** The provider's own receipt page, from its webhook, when one arrived. */
  receiptUrl: string | null;
  /** How the Pix was initiated, when the data does not say it: a charge's payer paid its QR code. */
  initiation?: "qrcode";
};

/**
 * How the Pix was initiated: by paying a QR code (a charge: the payer's bank read our code), to a
 * key (the DICT), or to bank data typed in ("manual"). A charge has neither key nor bank data on
 * our side, which must not read as "manual".
 */
export function initiationOf(data: Pick<ReceiptData, "receiver" | "initiation">): "qrcode" | "dict" | "manual" {
  if (data.initiation) return data.initiation;
  return data.receiver.pixKey ? "dict" : "manual";
}

/**
 * The payer's institution: the end_to_end id starts with the ISPB of the institution that sent
 * the Pix (the payer's), named when it is in the participants' list.
 */
export function payerInstitution(endToEnd: string): { ispb: string; name: string | null } | null {
  const parts = parseEndToEnd(endToEnd);
  return parts ? { ispb: parts.ispb, name: findParticipant(parts.ispb)?.name ?? null } : null;
}

/** Why a payment has no comprovante (yet). */
export type ReceiptRefusal = { reason: "notCompleted"; status: string } | { reason: "noEndToEnd" };

/** The bank's name: the answer's, else the known participant of the ISPB, else none. */
export function bankName(bank: Pick<ReceiptBank, "ispb" | "name">): string | null {
  return bank.name?.trim() || (bank.ispb ? (findParticipant(bank.ispb)?.name ?? null) : null);
}

/**
 * The comprovante of a payment read from the provider, or why there is none: only a completed
 * payment with its end_to_end and payment date has one (the provider sets both when it completes).
 */
export function receiptFromPayment(
  payment: PaymentDetail,
  payer: ReceiptParty,
  receiptUrl: string | null,
): { ok: true; data: ReceiptData } | { ok: false; refusal: ReceiptRefusal } {
  if (payment.status !== "completed") return { ok: false, refusal: { reason: "notCompleted", status: payment.status } };
  if (!payment.end_to_end || !payment.payment_date) return { ok: false, refusal: { reason: "noEndToEnd" } };
  const hasBank = payment.receiver_bank_name || payment.receiver_agency || payment.receiver_account;
  return {
    ok: true,
    data: {
      payer,
      amountCents: payment.value_cents,
      paidAt: payment.payment_date,
      endToEnd: payment.end_to_end,
      referenceCode: payment.reference_code,
      idempotentId: payment.idempotent_id,
      receiver: {
        name: payment.receiver_name,
        document: payment.receiver_document,
        pixKey: payment.pix_key ? { type: payment.pix_key_type, key: payment.pix_key } : null,
        bank: hasBank
          ? {
              ispb: null,
              name: payment.receiver_bank_name,
              agency: payment.receiver_agency,
              account: payment.receiver_account,
              accountType: payment.receiver_account_type,
            }
          : null,
      },
      receiptUrl,
    },
  };
}
