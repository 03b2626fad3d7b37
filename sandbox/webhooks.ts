import { createHash } from "node:crypto";
import { listItem, qrcodeListItem } from "./format";
import type { PaymentRecord, QrcodeRecord, WebhookRegistration } from "./types";

export interface DeliveryAttempt {
  at: string;
  /** HTTP status of the receiver's answer, or null when none came. */
  status: number | null;
  error?: string;
}

type NotificationType = "pix_payment" | "pix_qrcode" | "pix_static_qrcode";

/** One notification (one status change of a payment, or a QR code paid) and its attempts. */
export interface DeliveryRecord {
  id: number;
  /** "payment": type 2 (pix_payments); "qrcode": type 1 (pix_qrcodes). */
  kind: "payment" | "qrcode";
  /** The payment's id (null for QR codes). */
  idempotent_id: string | null;
  reference_code: string;
  /** The status notified (a payment's, or a QR code's). */
  payment_status: string;
  url: string;
  state: "pending" | "delivered" | "failed";
  attempts: DeliveryAttempt[];
  payload: { notification_type: NotificationType; message: Record<string, unknown>; md5: string };
}

const TYPE_OF_KIND = { payment: 2, qrcode: 1 } as const;

/**
 * The text whose MD5 signs a payment notification, as the documentation spells it:
 * `payment.{reference_code}.{idempotent_id}.{value_cents}.{secret_key}` (its example,
 * `payment.P202306150000039870.TEST300523-05.1.SECRETKEY`, gives the md5 it shows).
 */
export function paymentMd5Text(p: { reference_code: string; idempotent_id: string; value_cents: number }, secretKey: string): string {
  return `payment.${p.reference_code}.${p.idempotent_id}.${p.value_cents}.${secretKey}`;
}

/** The same for a QR code: `qrcode.{reference_code}.{end_to_end}.{value_cents}.{secret_key}` (no end_to_end: empty). */
export function qrcodeMd5Text(q: { reference_code: string; end_to_end: string | null; value_cents: number }, secretKey: string): string {
  return `qrcode.${q.reference_code}.${q.end_to_end ?? ""}.${q.value_cents}.${secretKey}`;
}

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

interface DispatcherOptions {
  clientSecret: string;
  retryMs: number;
  maxAttempts: number;
  timeoutMs: number;
  receiptUrl: (referenceCode: string) => string;
  log: (line: string) => void;
}

/**
 * Delivers notifications as the provider documents: POST to the URL registered for the type
 * with its Authorization value; payments (type 2) with md5 of `payment.{ref}.{id}.{value}.{secret}`,
 * paid QR codes (type 1) with md5 of `qrcode.{ref}.{end_to_end}.{value}.{secret}`. Any answer
 * but 200 is retried every retryMs up to maxAttempts, then given up. One payment's (or QR
 * code's) notifications go out in order (the next waits until the previous is delivered or failed).
 */
export class WebhookDispatcher {
  readonly deliveries: DeliveryRecord[] = [];
  private readonly registrations = new Map<number, WebhookRegistration>();
  private readonly queues = new Map<string, DeliveryRecord[]>();
  private readonly timers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  private readonly idleWaiters: (() => void)[] = [];
  private closed = false;
  private nextId = 1;

  constructor(private readonly o: DispatcherOptions) {}

  /** Registers (or replaces) the URL of a type; true when it replaced one. */
  register(w: WebhookRegistration): boolean {
    const replaced = this.registrations.has(w.type_id);
    this.registrations.set(w.type_id, w);
    return replaced;
  }

  unregister(typeId: number): boolean {
    return this.registrations.delete(typeId);
  }

  list(): WebhookRegistration[] {
    return [...this.registrations.values()];
  }

  clearRegistrations(): void {
    this.registrations.clear();
  }

  /** Forgets the log and drops pending deliveries (reset). */
  clearDeliveries(): void {
    this.deliveries.length = 0;
    this.queues.clear();
    this.notifyIdle();
  }

  get pendingCount(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  /** Queues a notification of the payment's current state, if a payments webhook (type 2) is registered. */
  notify(p: PaymentRecord): void {
    // One queue per payment (an idempotent_id may name two with duplicates "allow").
    this.enqueue(`payment:${p.reference_code}`, {
      kind: "payment",
      idempotent_id: p.idempotent_id,
      reference_code: p.reference_code,
      payment_status: p.status,
      payload: {
        notification_type: "pix_payment",
        message: { ...listItem(p), receipt_url: this.o.receiptUrl(p.reference_code) },
        md5: md5(paymentMd5Text(p, this.o.clientSecret)),
      },
    });
  }

  /** Queues a notification of a paid QR code, if a QR codes webhook (type 1) is registered. */
  notifyQrcode(q: QrcodeRecord, message: Record<string, unknown> = qrcodeListItem(q)): void {
    this.enqueue(`qrcode:${q.reference_code}`, {
      kind: "qrcode",
      idempotent_id: null,
      reference_code: q.reference_code,
      payment_status: q.status,
      payload: { notification_type: q.dynamic ? "pix_qrcode" : "pix_static_qrcode", message, md5: md5(qrcodeMd5Text(q, this.o.clientSecret)) },
    });
  }

  private enqueue(key: string, d: Omit<DeliveryRecord, "id" | "url" | "state" | "attempts">): void {
    const typeId = TYPE_OF_KIND[d.kind];
    const hook = this.registrations.get(typeId);
    if (!hook || this.closed) return;
    const record: DeliveryRecord = { id: this.nextId++, url: hook.url, state: "pending", attempts: [], ...d };
    this.deliveries.push(record);
    if (this.deliveries.length > 5_000) this.deliveries.splice(0, this.deliveries.length - 5_000);
    const queue = this.queues.get(key);
    if (queue) {
      queue.push(record);
      return;
    }
    this.queues.set(key, [record]);
    this.drain(key, typeId, hook.authorization).catch((e: unknown) => this.o.log(`webhook drain failed: ${String(e)}`));
  }

  /** Resolves once nothing is queued or being retried. */
  idle(): Promise<void> {
    if (this.pendingCount === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) {
      clearTimeout(t.timer);
      t.wake();
    }
    this.timers.clear();
    this.queues.clear();
    this.notifyIdle();
  }

  private async drain(key: string, typeId: number, authorization: string): Promise<void> {
    const queue = this.queues.get(key);
    while (queue && queue.length > 0 && !this.closed && this.queues.get(key) === queue) {
      const record = queue[0]!;
      const auth = this.registrations.get(typeId)?.authorization ?? authorization;
      while (record.state === "pending" && !this.closed) {
        const attempt = await this.attempt(record, auth);
        record.attempts.push(attempt);
        if (attempt.status === 200) record.state = "delivered";
        else if (record.attempts.length >= this.o.maxAttempts) {
          record.state = "failed";
          this.o.log(`webhook for ${key} (${record.payment_status}) given up after ${record.attempts.length} attempts`);
        } else await this.sleep(this.o.retryMs);
      }
      queue.shift();
    }
    if (this.queues.get(key) === queue && queue?.length === 0) this.queues.delete(key);
    this.notifyIdle();
  }

  private async attempt(record: DeliveryRecord, authorization: string): Promise<DeliveryAttempt> {
    const at = new Date().toISOString();
    try {
      const res = await fetch(record.url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization },
        body: JSON.stringify(record.payload),
        signal: AbortSignal.timeout(this.o.timeoutMs),
        redirect: "manual",
      });
      await res.arrayBuffer().catch(() => undefined);
      return { at, status: res.status };
    } catch (e) {
      return { at, status: null, error: e instanceof Error ? e.message : String(e) };
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.timers.delete(entry);
          resolve();
        }, ms),
        wake: resolve,
      };
      entry.timer.unref();
      this.timers.add(entry);
    });
  }

  private notifyIdle(): void {
    if (this.pendingCount > 0) return;
    for (const w of this.idleWaiters.splice(0)) w();
  }
}
