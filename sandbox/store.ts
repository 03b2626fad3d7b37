import type { QrcodeRecord, StoredPayment, WebhookRegistration } from "./types";

export interface StatusChange {
  idempotent_id: string;
  reference_code: string;
  status: string;
  at: number;
}

/**
 * Durable state of the sandbox: what the API changed (registrations, status changes,
 * webhook registrations) and the seed anchor. The seeded history itself is regenerated.
 */
export interface SandboxStore {
  readonly kind: "memory" | "pglite";
  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;
  /** Registered payments, oldest first. Keyed by reference_code: an idempotent_id may repeat (duplicates "allow"). */
  loadPayments(): Promise<StoredPayment[]>;
  insertPayment(p: StoredPayment): Promise<void>;
  /** Saves the payment's new state and records the status change, atomically. */
  updatePayment(p: StoredPayment, change: StatusChange): Promise<void>;
  clearPayments(): Promise<void>;
  /** The status changes of every payment with this idempotent_id, in order. */
  statusChanges(idempotentId: string): Promise<StatusChange[]>;
  loadWebhooks(): Promise<WebhookRegistration[]>;
  saveWebhook(w: WebhookRegistration): Promise<void>;
  deleteWebhook(typeId: number): Promise<void>;
  clearWebhooks(): Promise<void>;
  /** QR codes the API made or changed (a seeded one once paid); they replace the seeded row. */
  loadQrcodes(): Promise<QrcodeRecord[]>;
  saveQrcode(q: QrcodeRecord): Promise<void>;
  clearQrcodes(): Promise<void>;
  close(): Promise<void>;
}

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Plain in-memory store for tests: same behaviour, no PGlite start-up cost (~2 s). */
export class MemoryStore implements SandboxStore {
  readonly kind = "memory" as const;
  private readonly meta = new Map<string, string>();
  /** By reference_code. */
  private readonly payments = new Map<string, StoredPayment>();
  private readonly changes: StatusChange[] = [];
  private readonly webhooks = new Map<number, WebhookRegistration>();
  private readonly qrcodes = new Map<string, QrcodeRecord>();

  async getMeta(key: string) {
    return this.meta.get(key) ?? null;
  }
  async setMeta(key: string, value: string) {
    this.meta.set(key, value);
  }
  async loadPayments() {
    return [...this.payments.values()].sort((a, b) => a.seq - b.seq).map(copy);
  }
  async insertPayment(p: StoredPayment) {
    if (this.payments.has(p.reference_code)) throw new Error("duplicate key");
    this.payments.set(p.reference_code, copy(p));
  }
  async updatePayment(p: StoredPayment, change: StatusChange) {
    this.payments.set(p.reference_code, copy(p));
    this.changes.push({ ...change });
  }
  async clearPayments() {
    this.payments.clear();
    this.changes.length = 0;
  }
  async statusChanges(idempotentId: string) {
    return this.changes.filter((c) => c.idempotent_id === idempotentId).map((c) => ({ ...c }));
  }
  async loadWebhooks() {
    return [...this.webhooks.values()].map(copy);
  }
  async saveWebhook(w: WebhookRegistration) {
    this.webhooks.set(w.type_id, copy(w));
  }
  async deleteWebhook(typeId: number) {
    this.webhooks.delete(typeId);
  }
  async clearWebhooks() {
    this.webhooks.clear();
  }
  async loadQrcodes() {
    return [...this.qrcodes.values()].map(copy);
  }
  async saveQrcode(q: QrcodeRecord) {
    this.qrcodes.set(q.reference_code, copy(q));
  }
  async clearQrcodes() {
    this.qrcodes.clear();
  }
  async close() {}
}
