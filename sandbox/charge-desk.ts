import { toBuffer } from "qrcode";
import { encodeBrCode, generateEndToEnd } from "@/lib/pix";
import { checkChargeBody } from "./charge-rules";
import { MESSAGES } from "./documented";
import { joinMessages } from "./field-rules";
import { qrcodeAnswer, qrcodeListItem } from "./format";
import { error, json, type Reply } from "./http-io";
import type { QrcodeIndex } from "./qrcode-index";
import type { Quirks } from "./quirks";
import { alnum, createRand, uuid } from "./random";
import { PARTNER_ACCOUNT } from "./seed-qrcodes";
import { SANDBOX_ISPB } from "./seed-payments";
import { generateReceiver } from "./seed-people";
import type { SandboxStore } from "./store";
import type { QrcodeRecord } from "./types";
import type { WebhookDispatcher } from "./webhooks";

/** What the charge desk needs from the sandbox core. */
interface ChargeHost {
  readonly qrcodes: QrcodeIndex;
  readonly store: SandboxStore;
  readonly webhooks: WebhookDispatcher;
  readonly quirks: Quirks;
  readonly blocked: ReadonlySet<string>;
  readonly baseUrl: string;
  /** Lifecycle clock time (ms). */
  now(): number;
  log(line: string): void;
}

/**
 * How long a charge stays payable when `expiration_time` is not given: the documentation says 1800 s
 * for a checkout and nothing for a QR code, where the sandbox chose one day.
 */
const DEFAULT_EXPIRATION_S = { qrcode: 24 * 3_600, checkout: 1_800 } as const;

/**
 * Charges (QR codes) made through the API, their payment (homologation) and expiry. Each
 * change is stored before it is answered; a paid code is notified to the type-1 webhook.
 */
export class ChargeDesk {
  /** QR codes paid through the API since this start: they add to the balance. */
  private readonly received = new Set<QrcodeRecord>();

  constructor(private readonly host: ChargeHost) {}

  get receivedCents(): number {
    let sum = 0;
    for (const q of this.received) sum += q.value_cents;
    return sum;
  }

  forgetReceived(): void {
    this.received.clear();
  }

  /** GET /v1/pix/qrcodes/{reference_code} and the list see expired charges as canceled. */
  async expireDue(): Promise<void> {
    const now = this.host.now();
    for (const q of this.host.qrcodes.apiRows()) {
      if (q.status !== "awaiting_payment" || !q.expiresAt || q.expiresAt > now) continue;
      q.status = "canceled";
      await this.host.store.saveQrcode(q);
    }
  }

  /** POST /v1/pix/qrcodes: a dynamic charge with a valid BR Code and its PNG image. */
  async create(input: Record<string, unknown>): Promise<Reply> {
    const checked = checkChargeBody(input, "qrcode", this.host.quirks.doc);
    if (!checked.ok) return error(400, joinMessages(checked.messages));
    const b = checked.body;
    if (b.generator_document && this.host.blocked.has(b.generator_document.toUpperCase())) {
      return error(403, MESSAGES.generatorNotAllowed);
    }
    const made = await this.newCharge({
      value_cents: b.value_cents,
      generator_name: b.generator_name ?? PARTNER_ACCOUNT.name,
      generator_document: b.generator_document ?? PARTNER_ACCOUNT.document,
      expiration_time: b.expiration_time ?? DEFAULT_EXPIRATION_S.qrcode,
      external_reference: b.external_reference ?? null,
    });
    if (!made.ok) return made.reply;
    const q = made.qrcode;
    const image = await toBuffer(q.content, { type: "png", errorCorrectionLevel: "M", margin: 4, scale: 4 });
    return json(201, {
      qrcode: {
        reference_code: q.reference_code,
        external_reference: q.external_reference,
        content: q.content,
        image_base64: image.toString("base64"),
      },
    });
  }

  /** POST /v1/pix/checkout: a charge behind a payment page (payment_link). */
  async checkout(input: Record<string, unknown>): Promise<Reply> {
    const checked = checkChargeBody(input, "checkout", this.host.quirks.doc);
    if (!checked.ok) return error(400, joinMessages(checked.messages));
    const b = checked.body;
    if (this.host.blocked.has(b.generator_document!.toUpperCase())) return error(403, MESSAGES.generatorNotAllowed);
    const requestId = uuid(createRand(`checkout:${Date.now()}:${Math.random()}`));
    const made = await this.newCharge({
      value_cents: b.value_cents,
      generator_name: b.generator_name!,
      generator_document: b.generator_document!,
      expiration_time: b.expiration_time ?? DEFAULT_EXPIRATION_S.checkout,
      external_reference: null,
      external_link: b.external_link,
      request_id: requestId,
    });
    if (!made.ok) return made.reply;
    const q = made.qrcode;
    return json(201, {
      qrcode_checkout: {
        payment_link: `${this.host.baseUrl}/checkout/${requestId}`,
        request_id: requestId,
        reference_code: q.reference_code,
      },
    });
  }

  /**
   * POST /v1/pix/qrcodes/{reference_code}/pay (homologation): a payer pays the charge. It is
   * marked paid (end_to_end, payer, payment date), then notified as `pix_qrcode` (dynamic) or
   * `pix_static_qrcode`. A code that cannot be paid (canceled, failed, expired, or paid already)
   * answers the documentation's one refusal, 422 `Qrcode canceled` (README: "Paying a paid code").
   */
  async pay(reference: string): Promise<Reply> {
    await this.expireDue();
    const q = this.host.qrcodes.byReferenceCode(reference);
    if (!q) return error(406, MESSAGES.qrcodeNotFound);
    if (q.status !== "awaiting_payment") return error(422, MESSAGES.qrcodeCanceled);
    const now = this.host.now();
    const rand = createRand(`pay:${reference}:${now}`);
    // Seeded codes were paid by the partner's account (as the seeded paid ones); charges made here by someone else.
    const payer =
      q.origin === "seed"
        ? { name: PARTNER_ACCOUNT.name, document: PARTNER_ACCOUNT.document, bankName: PARTNER_ACCOUNT.bankName, agency: PARTNER_ACCOUNT.agency, account: PARTNER_ACCOUNT.account, accountType: PARTNER_ACCOUNT.accountType }
        : generateReceiver(rand, "cpf");
    const before = { ...q };
    Object.assign(q, {
      status: "paid",
      paidAt: now,
      payer_name: payer.name,
      payer_document: payer.document,
      payer_bank_name: payer.bankName,
      payer_agency: payer.agency,
      payer_account: payer.account,
      payer_account_type: payer.accountType,
      end_to_end: q.end_to_end ?? generateEndToEnd("bankIspb" in payer ? payer.bankIspb : SANDBOX_ISPB, new Date(now), rand),
    } satisfies Partial<QrcodeRecord>);
    try {
      await this.host.store.saveQrcode(q);
    } catch (e) {
      Object.assign(q, before);
      this.host.log(`payment of QR code ${reference} failed: ${String(e)}`);
      return error(500, MESSAGES.operationFailed);
    }
    this.host.qrcodes.linkEndToEnd(q);
    this.received.add(q);
    this.host.webhooks.notifyQrcode(q, qrcodeListItem(q));
    return json(200, { message: MESSAGES.operationSucceeded });
  }

  async read(reference: string): Promise<Reply> {
    await this.expireDue();
    const q = this.host.qrcodes.byReferenceCode(reference);
    return q ? json(200, { qrcode: qrcodeAnswer(q) }) : error(406, MESSAGES.qrcodeNotFound);
  }

  /** The charge of a checkout request (its public payment page). */
  byRequestId(requestId: string): QrcodeRecord | undefined {
    return this.host.qrcodes.apiRows().find((q) => q.request_id === requestId);
  }

  private async newCharge(c: {
    value_cents: number;
    generator_name: string;
    generator_document: string;
    expiration_time: number;
    external_reference: string | null;
    external_link?: string;
    request_id?: string;
  }): Promise<{ ok: true; qrcode: QrcodeRecord } | { ok: false; reply: Reply }> {
    const now = this.host.now();
    const rand = createRand(`charge:${now}:${Math.random()}`);
    const index = this.host.qrcodes;
    const reference = this.host.quirks.qrcodeReference((r) => index.byReferenceCode(r) !== undefined, () => `qr${alnum(rand, 30)}`);
    const content = encodeBrCode({
      url: `qr.sandbox-pix.com.br/v2/cobv/${uuid(rand).replace(/-/g, "")}`,
      merchantName: c.generator_name,
      merchantCity: "SAO PAULO",
      amountCents: c.value_cents,
      txid: reference,
    });
    const q: QrcodeRecord = {
      origin: "api",
      dynamic: true,
      reference_code: reference,
      external_reference: c.external_reference,
      value_cents: c.value_cents,
      content,
      status: "awaiting_payment",
      generator_name: c.generator_name,
      generator_document: c.generator_document,
      payer_name: null,
      payer_document: null,
      payer_bank_name: null,
      payer_agency: null,
      payer_account: null,
      payer_account_type: null,
      registeredAt: now,
      paidAt: null,
      end_to_end: null,
      expiresAt: now + c.expiration_time * 1000,
      external_link: c.external_link ?? null,
      request_id: c.request_id ?? null,
    };
    try {
      await this.host.store.saveQrcode(q);
    } catch (e) {
      this.host.log(`charge ${reference} could not be stored: ${String(e)}`);
      return { ok: false, reply: error(500, MESSAGES.operationFailed) };
    }
    index.put(q);
    return { ok: true, qrcode: q };
  }
}
