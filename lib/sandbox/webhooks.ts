import { createHash } from "node:crypto";
import { webhookMd5Text } from "@/lib/contract";
import { listItem } from "./format";
import type { PaymentRecord, WebhookRegistration } from "./types";

export interface DeliveryAttempt {
  at: string;
  /** HTTP status of the receiver's answer, or null when none came. */
  status: number | null;
  error?: string;
}

/** One notification (one status change of one payment) and its attempts. */
export interface DeliveryRecord {
  id: number;
  idempotent_id: string;
  payment_status: string;
  url: string;
  state: "pending" | "delivered" | "failed";
  attempts: DeliveryAttempt[];
  payload: { notification_type: "pix_payment"; message: Record<string, unknown>; md5: string };
}

export interface DispatcherOptions {
  clientSecret: string;
  retryMs: number;
  maxAttempts: number;
  timeoutMs: number;
  receiptUrl: (referenceCode: string) => string;
  log: (line: string) => void;
}

/**
 * Delivers payment notifications as the provider documents: POST to the registered URL
 * with its Authorization value, md5 of `payment.{ref}.{id}.{value}.{secret}`; any answer
 * but 200 is retried every retryMs up to maxAttempts, then given up. One payment's
 * notifications go out in order (the next waits until the previous is delivered or failed).
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

  register(w: WebhookRegistration): void {
    this.registrations.set(w.type_id, w);
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

  /** Queues a notification of the payment's current state, if a payments webhook is registered. */
  notify(p: PaymentRecord): void {
    const hook = this.registrations.get(2);
    if (!hook || this.closed) return;
    const md5 = createHash("md5").update(webhookMd5Text(p, this.o.clientSecret)).digest("hex");
    const record: DeliveryRecord = {
      id: this.nextId++,
      idempotent_id: p.idempotent_id,
      payment_status: p.status,
      url: hook.url,
      state: "pending",
      attempts: [],
      payload: {
        notification_type: "pix_payment",
        message: { ...listItem(p), receipt_url: this.o.receiptUrl(p.reference_code) },
        md5,
      },
    };
    this.deliveries.push(record);
    if (this.deliveries.length > 5_000) this.deliveries.splice(0, this.deliveries.length - 5_000);
    const queue = this.queues.get(p.idempotent_id);
    if (queue) {
      queue.push(record);
      return;
    }
    this.queues.set(p.idempotent_id, [record]);
    this.drain(p.idempotent_id, hook.authorization).catch((e: unknown) => this.o.log(`webhook drain failed: ${String(e)}`));
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

  private async drain(idempotentId: string, authorization: string): Promise<void> {
    const queue = this.queues.get(idempotentId);
    while (queue && queue.length > 0 && !this.closed && this.queues.get(idempotentId) === queue) {
      const record = queue[0]!;
      const auth = this.registrations.get(2)?.authorization ?? authorization;
      while (record.state === "pending" && !this.closed) {
        const attempt = await this.attempt(record, auth);
        record.attempts.push(attempt);
        if (attempt.status === 200) record.state = "delivered";
        else if (record.attempts.length >= this.o.maxAttempts) {
          record.state = "failed";
          this.o.log(`webhook for ${idempotentId} (${record.payment_status}) given up after ${record.attempts.length} attempts`);
        } else await this.sleep(this.o.retryMs);
      }
      queue.shift();
    }
    if (this.queues.get(idempotentId) === queue && queue?.length === 0) this.queues.delete(idempotentId);
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
