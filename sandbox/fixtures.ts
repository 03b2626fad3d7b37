import type { PixKeyType } from "./documented";
import { createRand } from "./random";
import { bankNameOf } from "./seed-people";
import { qrcodeForPayment } from "./seed-qrcodes";
import type { PaymentRecord, QrcodeRecord } from "./types";

/**
 * Payments with fixed ids in every seeded sandbox, whatever the seed, count or anchor, so UI
 * and e2e tests can name them. Their dates are fixed too (the week of 2026-11-16).
 */
export const SANDBOX_FIXTURES = {
  /** completed, with a paid QR code (valid CRC). */
  completedWithQr: { idempotentId: "sandbox-known-completed-qr", endToEnd: "E18236120202611161230SBXQRPAID01" },
  /** completed, no QR code: the QR read answers 406. */
  completedNoQr: { idempotentId: "sandbox-known-completed-no-qr", endToEnd: "E18236120202611161415SBXNOQRCOD1" },
  /** completed, its paid QR code carries a wrong CRC. */
  badCrcPaid: { idempotentId: "sandbox-known-bad-crc-1", endToEnd: "E18236120202611170905SBXBADCRC01" },
  /** sent, its awaiting_payment QR code carries a wrong CRC. */
  badCrcAwaiting: { idempotentId: "sandbox-known-bad-crc-2", endToEnd: "E18236120202611171710SBXBADCRC02" },
  /** sent, QR code awaiting_payment. */
  qrAwaiting: { idempotentId: "sandbox-known-qr-awaiting", endToEnd: "E18236120202611181200SBXQRAWAIT1" },
  /** canceled after it was sent, QR code canceled. */
  qrCanceled: { idempotentId: "sandbox-known-qr-canceled", endToEnd: "E18236120202611181100SBXQRCANCL1" },
  /** canceled after it was sent, QR code in status error. */
  qrError: { idempotentId: "sandbox-known-qr-error", endToEnd: "E18236120202611181000SBXQRERROR1" },
  /** authorization_pending forever. */
  pending: { idempotentId: "sandbox-known-pending", endToEnd: null },
  /** canceled before it was sent: no end_to_end. */
  canceledEarly: { idempotentId: "sandbox-known-canceled-early", endToEnd: null },
  /** completed, receiver with the 2026 alphanumeric CNPJ 12ABC34501DE35. */
  alphanumericCnpj: { idempotentId: "sandbox-known-alnum-cnpj", endToEnd: "E18236120202611191630SBXALNUMCJ1" },
  /** completed; id with a space, a slash and accents (must be percent-encoded in the path). */
  oddId: { idempotentId: "NF 2026/0042 ação", endToEnd: "E18236120202611201045SBXODDID001" },
} as const;

type FixtureKey = keyof typeof SANDBOX_FIXTURES;

interface FixtureSpec {
  key: FixtureKey;
  status: string;
  at: string; // registration, UTC
  value: number;
  name: string;
  document: string;
  keyType: PixKeyType;
  pixKey: string;
  qr?: { status: "paid" | "awaiting_payment" | "canceled" | "error"; wrongCrc?: boolean; dynamic?: boolean };
  reason?: string;
}

const SPECS: FixtureSpec[] = [
  { key: "completedWithQr", status: "completed", at: "2026-11-16T12:29:58.412Z", value: 125_990, name: "Padaria Estrela Ltda", document: "45723174000110", keyType: "cnpj", pixKey: "45723174000110", qr: { status: "paid" } },
  { key: "completedNoQr", status: "completed", at: "2026-11-16T14:14:57.090Z", value: 8_750, name: "Maria Aparecida dos Santos", document: "39053344705", keyType: "email", pixKey: "maria.santos@gmail.com" },
  { key: "badCrcPaid", status: "completed", at: "2026-11-17T09:04:58.700Z", value: 43_210, name: "Mercado Bom Jesus ME", document: "11444777000161", keyType: "token", pixKey: "9f2c1e4a-7b3d-4e8f-a1c2-5d6e7f809a1b", qr: { status: "paid", wrongCrc: true } },
  { key: "badCrcAwaiting", status: "sent", at: "2026-11-17T17:09:59.010Z", value: 1_999_900, name: "Construtora Horizonte S.A.", document: "34028316000103", keyType: "cnpj", pixKey: "34028316000103", qr: { status: "awaiting_payment", wrongCrc: true, dynamic: true } },
  { key: "qrAwaiting", status: "sent", at: "2026-11-18T11:59:59.300Z", value: 15_000, name: "João Pedro Almeida", document: "15350946056", keyType: "phone", pixKey: "+5511987654321", qr: { status: "awaiting_payment", dynamic: true } },
  { key: "qrCanceled", status: "canceled", at: "2026-11-18T10:59:58.000Z", value: 67_500, name: "Auto Peças Central Ltda", document: "27865757000102", keyType: "cnpj", pixKey: "27865757000102", qr: { status: "canceled" }, reason: "Recusado pelo PSP recebedor" },
  { key: "qrError", status: "canceled", at: "2026-11-18T09:59:59.500Z", value: 3_300, name: "Ana Beatriz Costa", document: "71428793860", keyType: "cpf", pixKey: "71428793860", qr: { status: "error" }, reason: "Tempo limite de confirmação excedido" },
  { key: "pending", status: "authorization_pending", at: "2026-11-19T13:20:00.000Z", value: 250_000, name: "Transportadora Cerrado Ltda", document: "60701190000104", keyType: "cnpj", pixKey: "60701190000104" },
  { key: "canceledEarly", status: "canceled", at: "2026-11-19T15:05:00.000Z", value: 99_900, name: "Carlos Eduardo Lima", document: "86288366757", keyType: "email", pixKey: "carlos.lima@outlook.com", reason: "Autorização recusada" },
  { key: "alphanumericCnpj", status: "completed", at: "2026-11-19T16:29:59.000Z", value: 512_345, name: "Tecnologia Araucária Ltda", document: "12ABC34501DE35", keyType: "email", pixKey: "financeiro@araucaria.com.br" },
  { key: "oddId", status: "completed", at: "2026-11-20T10:44:58.000Z", value: 4_200, name: "Gráfica União EPP", document: "07526557000100", keyType: "phone", pixKey: "+5521991234567" },
];

/** The fixture payments and their QR codes. `seqBase` keeps their seq apart from the seed's. */
export function fixturePayments(seqBase: number): { payments: PaymentRecord[]; qrcodes: QrcodeRecord[] } {
  const rand = createRand("sandbox-fixtures");
  const payments: PaymentRecord[] = [];
  const qrcodes: QrcodeRecord[] = [];
  SPECS.forEach((s, i) => {
    const ids = SANDBOX_FIXTURES[s.key];
    const registeredAt = Date.parse(s.at);
    const sentAt = ids.endToEnd ? registeredAt + 2_500 : null;
    const ref = `sbxfixture${String(i + 1).padStart(2, "0")}${s.key.toLowerCase()}`.slice(0, 32);
    const p: PaymentRecord = {
      seq: seqBase + i,
      origin: "seed",
      reference_code: ref,
      idempotent_id: ids.idempotentId,
      value_cents: s.value,
      pix_key_type: s.keyType,
      pix_key: s.pixKey,
      receiver_name: s.name,
      receiver_document: s.document,
      receiver_bank_ispb: "00000000",
      receiver_bank_name: bankNameOf("00000000"),
      receiver_agency: "1234",
      receiver_account: "567890",
      receiver_account_type: "checking_account",
      status: s.status,
      registeredAt,
      paidAt: s.status === "completed" && sentAt ? sentAt + 1_800 : null,
      canceledAt: s.status === "canceled" ? registeredAt + (sentAt ? 95_000 : 600_000) : null,
      cancellation_reason: s.reason ?? null,
      end_to_end: ids.endToEnd,
      lcName: s.name.toLowerCase(),
      lcDocument: s.document.toLowerCase(),
      lcReference: ref.toLowerCase(),
      lcEndToEnd: (ids.endToEnd ?? "").toLowerCase(),
    };
    payments.push(p);
    if (s.qr) qrcodes.push(qrcodeForPayment(rand, p, s.qr));
  });
  return { payments, qrcodes };
}

/** The documentation's own example objects, present in quirks mode "doc" only. */
export const SANDBOX_DOC_FIXTURES = {
  payment: {
    idempotentId: "TEST01",
    referenceCode: "P202306150000039870",
    endToEnd: "E18236120202306151200DOCEXAMPLE1",
  },
  qrcode: { referenceCode: "ZENDRYTESTPIXQRCODE1", externalReference: "TEST01" },
} as const;

/** The doc example payment (completed, June 2023) and the paid QR code of the examples. */
export function docExampleFixtures(seq: number): { payments: PaymentRecord[]; qrcodes: QrcodeRecord[] } {
  const d = SANDBOX_DOC_FIXTURES;
  const registeredAt = Date.parse("2023-06-15T15:00:00.000Z");
  const p: PaymentRecord = {
    seq,
    origin: "seed",
    reference_code: d.payment.referenceCode,
    idempotent_id: d.payment.idempotentId,
    value_cents: 1_000,
    pix_key_type: "email",
    pix_key: "teste@zendry.com.br",
    receiver_name: "Zendry Teste Ltda",
    receiver_document: "11444777000161",
    receiver_bank_ispb: "00000000",
    receiver_bank_name: bankNameOf("00000000"),
    receiver_agency: "1",
    receiver_account: "1234567",
    receiver_account_type: "checking_account",
    status: "completed",
    registeredAt,
    paidAt: registeredAt + 4_000,
    canceledAt: null,
    cancellation_reason: null,
    end_to_end: d.payment.endToEnd,
    lcName: "zendry teste ltda",
    lcDocument: "11444777000161",
    lcReference: d.payment.referenceCode.toLowerCase(),
    lcEndToEnd: d.payment.endToEnd.toLowerCase(),
  };
  const qr = qrcodeForPayment(createRand("sandbox-doc-fixtures"), p, { status: "paid", dynamic: true });
  return {
    payments: [p],
    qrcodes: [{ ...qr, reference_code: d.qrcode.referenceCode, external_reference: d.qrcode.externalReference }],
  };
}
