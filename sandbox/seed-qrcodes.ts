import type { QrcodeStatus } from "./documented";
import { encodeBrCode } from "@/lib/pix";
import { CITIES, toBrCodeText } from "./seed-words";
import { alnum, createRand, digits, pick, uuid, type Rand } from "./random";
import type { PaymentRecord, QrcodeRecord } from "./types";

/** The partner account the sandbox pays from: the payer on every paid QR code. */
export const PARTNER_ACCOUNT = {
  name: "Aurora Comércio Digital Ltda",
  document: "11222333000181",
  bankName: "Sandbox Instituição de Pagamento S.A.",
  agency: "0001",
  account: "4821937",
  accountType: "transaction_account",
} as const;

/** Replaces the CRC with a wrong one, as codes copied from real-world sources sometimes carry. */
function breakCrc(content: string): string {
  const crc = content.slice(-4);
  const wrong = crc
    .split("")
    .map((c) => "0123456789ABCDEF"[("0123456789ABCDEF".indexOf(c) + 7) % 16])
    .join("");
  return content.slice(0, -4) + wrong;
}

interface QrFromPaymentOptions {
  status: QrcodeStatus;
  wrongCrc?: boolean;
  dynamic?: boolean;
}

/** A collection QR code whose payment is `p` (linked by end_to_end). */
export function qrcodeForPayment(rand: Rand, p: PaymentRecord, opts: QrFromPaymentOptions): QrcodeRecord {
  if (!p.end_to_end) throw new Error("a QR code links to a payment with an end_to_end");
  const txid = alnum(rand, 25, true);
  const merchantName = toBrCodeText(p.receiver_name, 25) || "RECEBEDOR";
  const merchantCity = toBrCodeText(pick(rand, CITIES), 15) || "SAO PAULO";
  let content = opts.dynamic
    ? encodeBrCode({
        url: `qr.sandbox-pix.com.br/v2/cobv/${uuid(rand).replace(/-/g, "")}`,
        merchantName,
        merchantCity,
        amountCents: p.value_cents,
        txid,
      })
    : encodeBrCode({
        key: p.pix_key ?? p.receiver_document,
        merchantName,
        merchantCity,
        amountCents: p.value_cents,
        txid,
      });
  if (opts.wrongCrc) content = breakCrc(content);
  const paid = opts.status === "paid";
  return {
    origin: "seed",
    dynamic: opts.dynamic === true,
    reference_code: `qr${alnum(rand, 30)}`,
    external_reference: rand() < 0.7 ? `cobranca-${digits(rand, 8)}` : null,
    value_cents: p.value_cents,
    content,
    status: opts.status,
    generator_name: p.receiver_name,
    generator_document: p.receiver_document,
    payer_name: paid ? PARTNER_ACCOUNT.name : null,
    payer_document: paid ? PARTNER_ACCOUNT.document : null,
    payer_bank_name: paid ? PARTNER_ACCOUNT.bankName : null,
    payer_agency: paid ? PARTNER_ACCOUNT.agency : null,
    payer_account: paid ? PARTNER_ACCOUNT.account : null,
    payer_account_type: paid ? PARTNER_ACCOUNT.accountType : null,
    registeredAt: p.registeredAt - 60_000 - Math.floor(rand() * 3_600_000),
    paidAt: paid ? (p.paidAt ?? p.registeredAt) : null,
    end_to_end: p.end_to_end,
  };
}

function statusFor(rand: Rand, p: PaymentRecord): QrcodeStatus {
  if (p.status === "completed") return rand() < 0.97 ? "paid" : "error";
  if (p.status === "sent") return "awaiting_payment";
  return rand() < 0.75 ? "canceled" : "error";
}

/**
 * QR codes for about one payment in ten that has an end_to_end, in all four QR statuses;
 * about one in two hundred carries a wrong CRC, as real-world data does.
 */
export function generateSeededQrcodes(seed: number, payments: readonly PaymentRecord[]): QrcodeRecord[] {
  const rand = createRand(seed ^ 0x51c0de);
  const out: QrcodeRecord[] = [];
  for (const p of payments) {
    if (!p.end_to_end || rand() >= 0.1) continue;
    out.push(
      qrcodeForPayment(rand, p, {
        status: statusFor(rand, p),
        wrongCrc: rand() < 0.005,
        dynamic: rand() < 0.4,
      }),
    );
  }
  return out;
}
