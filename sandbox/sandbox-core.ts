import type { Socket } from "node:net";
import { MESSAGES } from "./documented";
import { ChargeDesk } from "./charge-desk";
import { LifecycleClock } from "./clock";
import { FaultRegistry } from "./faults";
import { docExampleFixtures, fixturePayments } from "./fixtures";
import { error, json, type Reply } from "./http-io";
import { Lifecycle, planFor } from "./lifecycle";
import type { ResolvedOptions } from "./options";
import { PaymentIndex } from "./payment-index";
import { QrcodeIndex } from "./qrcode-index";
import { quirksFor, type Quirks } from "./quirks";
import { referenceCode } from "./seed-payments";
import { generateSeededPayments } from "./seed-payments";
import { generateSeededQrcodes } from "./seed-qrcodes";
import { createRand } from "./random";
import { registrationAnswer } from "./format";
import { bodyFingerprint, checkRegistrationBody, isBlocked, resolveReceiver } from "./registration-rules";
import { MemoryStore, type SandboxStore } from "./store";
import { PgliteStore } from "./store-pglite";
import { TokenIssuer } from "./auth";
import { toStored, withSearchKeys, type PaymentRecord } from "./types";
import { joinMessages } from "./field-rules";
import { WebhookDispatcher } from "./webhooks";

/** Authorized payments on their way: their amount is blocked. Completed ones have left the account. */
const BLOCKING = new Set(["auto_authorization", "sent"]);

/**
 * Everything the sandbox knows and does, without HTTP: the index, the store, the clock,
 * the lifecycle, webhooks, faults and the balance. The server only routes to it.
 */
export class SandboxCore {
  readonly index = new PaymentIndex();
  readonly qrcodes = new QrcodeIndex();
  readonly quirks: Quirks;
  readonly charges: ChargeDesk;
  readonly clock: LifecycleClock;
  readonly lifecycle: Lifecycle;
  readonly webhooks: WebhookDispatcher;
  readonly faults = new FaultRegistry();
  readonly tokens: TokenIssuer;
  readonly blocked: ReadonlySet<string>;
  /** Connections a timeout fault holds open (released when the client gives up, or on close). */
  readonly held = new Set<Socket>();
  baseUrl = "";
  anchor = new Date(0);
  /** API payments registered since this start: they alone draw on the balance. */
  private readonly session = new Set<PaymentRecord>();
  private readonly persisting = new Map<string, Promise<void>>();

  private constructor(
    readonly opts: ResolvedOptions,
    readonly store: SandboxStore,
  ) {
    this.clock = new LifecycleClock(opts.now);
    this.quirks = quirksFor(opts.docQuirks);
    this.charges = new ChargeDesk(this);
    this.tokens = new TokenIssuer(opts, opts.tokenTtlSeconds);
    this.blocked = new Set(opts.blockedDocuments.map((d) => d.toUpperCase()));
    this.webhooks = new WebhookDispatcher({
      clientSecret: opts.clientSecret,
      retryMs: opts.webhookRetryMs,
      maxAttempts: opts.webhookMaxAttempts,
      timeoutMs: opts.webhookTimeoutMs,
      receiptUrl: (ref) => `${this.baseUrl}/receipts/${ref}`,
      log: (line) => this.log(line),
    });
    this.lifecycle = new Lifecycle(this.clock, opts.clockStepMs, {
      onChange: async (p, at) => {
        await this.store.updatePayment(toStored(p), { idempotent_id: p.idempotent_id, reference_code: p.reference_code, status: p.status, at });
        this.webhooks.notify(p);
      },
      onError: (e) => this.log(`lifecycle step failed: ${e instanceof Error ? e.message : String(e)}`),
    });
  }

  static async create(opts: ResolvedOptions): Promise<SandboxCore> {
    const store = opts.store === "memory" ? new MemoryStore() : await PgliteStore.open(opts.store.dir);
    const core = new SandboxCore(opts, store);
    try {
      await core.load();
    } catch (e) {
      await store.close();
      throw e;
    }
    if (opts.autoClock) core.lifecycle.start();
    return core;
  }

  /** The lifecycle clock's time (ms). */
  now(): number {
    return this.clock.now();
  }

  log(line: string): void {
    if (!this.opts.quiet) console.log(`[sandbox] ${line}`);
  }

  private async load(): Promise<void> {
    const saved = await this.store.getMeta("anchor");
    const anchor = this.opts.anchor ?? (saved ? new Date(saved) : this.opts.now());
    if (!saved || this.opts.anchor) await this.store.setMeta("anchor", anchor.toISOString());
    this.anchor = anchor;
    const seeded = generateSeededPayments({ seed: this.opts.seed, count: this.opts.seedCount, anchor: anchor.getTime() });
    const fixtures = fixturePayments(this.opts.seedCount);
    // The documentation's own example objects exist in quirks mode "doc" only.
    const doc = this.opts.docQuirks ? docExampleFixtures(this.opts.seedCount + fixtures.payments.length) : { payments: [], qrcodes: [] };
    this.index.bulkLoad(seeded);
    this.index.bulkLoad(fixtures.payments);
    this.index.bulkLoad(doc.payments);
    this.index.seal();
    this.qrcodes.loadSeeded([...generateSeededQrcodes(this.opts.seed, seeded), ...fixtures.qrcodes, ...doc.qrcodes]);
    for (const q of await this.store.loadQrcodes()) this.qrcodes.put(q);
    for (const w of await this.store.loadWebhooks()) this.webhooks.register(w);
    const stored = await this.store.loadPayments();
    for (const s of stored) {
      const row = withSearchKeys(s);
      if (s.repeat) this.index.insertRepeat(row);
      else {
        // A stored registration wins over a seeded row of the same id (seed changed since).
        if (this.index.get(s.idempotent_id)) this.index.remove(s.idempotent_id);
        this.index.insert(row);
      }
      this.lifecycle.track(row);
    }
  }

  /**
   * Balance of this run: the configured amount, plus charges paid through the API, less
   * completed new payments (total); authorized new payments in flight are blocked; available
   * is total less blocked. A cancellation gives its amount back.
   */
  balance(): { totalCents: number; blockedCents: number; availableCents: number } {
    let blocked = 0;
    let sent = 0;
    for (const p of this.session) {
      if (BLOCKING.has(p.status)) blocked += p.value_cents;
      else if (p.status === "completed") sent += p.value_cents;
    }
    const total = this.opts.balanceCents + this.charges.receivedCents - sent;
    return { totalCents: total, blockedCents: blocked, availableCents: total - blocked };
  }

  /**
   * POST /v1/pix/payments. A repeated idempotent_id (the documentation is silent): with
   * duplicates "merge" it never creates a second payment (the same body again answers 201 with
   * the payment as it is now, a different body 400); with "allow" it creates another payment.
   */
  async register(input: Record<string, unknown>): Promise<Reply> {
    const checked = checkRegistrationBody(input);
    if (!checked.ok) return error(400, joinMessages(checked.messages));
    const b = checked.body;
    const fingerprint = bodyFingerprint(b);
    const existing = this.index.get(b.idempotent_id);
    const repeat = existing && this.opts.duplicates === "allow" ? this.index.withId(b.idempotent_id).length : undefined;
    if (existing && repeat === undefined) {
      if (existing.origin !== "api" || existing.fingerprint !== fingerprint) {
        return error(400, "idempotent_id already used");
      }
      await this.persisting.get(existing.idempotent_id);
      return json(201, registrationAnswer(existing));
    }
    const r = resolveReceiver(b);
    if (isBlocked(b, r, this.blocked)) return error(403, MESSAGES.receiverNotAllowed);
    if (b.value_cents > this.balance().availableCents) return error(422, this.quirks.insufficientFunds());
    const now = this.clock.now();
    const authorized = b.authorized === true;
    const seq = this.index.takeSeq();
    const ref = this.quirks.paymentReference(seq, now, () => referenceCode(createRand(`${b.idempotent_id}:${now}:${Math.random()}`)));
    const row = withSearchKeys({
      seq,
      origin: "api",
      reference_code: ref,
      idempotent_id: b.idempotent_id,
      value_cents: b.value_cents,
      pix_key_type: r.pixKeyType,
      pix_key: r.pixKey,
      receiver_name: r.name,
      receiver_document: r.document,
      receiver_bank_ispb: r.bankIspb || null,
      receiver_bank_name: r.bankName || null,
      receiver_agency: r.agency || null,
      receiver_account: r.account || null,
      receiver_account_type: r.accountType,
      status: authorized ? "auto_authorization" : "authorization_pending",
      registeredAt: now,
      paidAt: null,
      canceledAt: null,
      cancellation_reason: null,
      end_to_end: null,
      fingerprint,
      repeat,
      plan: planFor(b.idempotent_id),
      nextStepAt: authorized ? now + this.opts.clockStepMs : null,
    });
    // Claimed synchronously: a concurrent repeat sees it and waits for the write below.
    if (repeat === undefined) this.index.insert(row);
    else this.index.insertRepeat(row);
    this.session.add(row);
    const write = this.store.insertPayment(toStored(row));
    if (repeat === undefined) this.persisting.set(row.idempotent_id, write);
    try {
      await write;
    } catch (e) {
      this.index.removeRow(row);
      this.session.delete(row);
      this.log(`registration of ${row.idempotent_id} failed: ${String(e)}`);
      return error(500, MESSAGES.operationFailed);
    } finally {
      if (this.persisting.get(row.idempotent_id) === write) this.persisting.delete(row.idempotent_id);
    }
    this.lifecycle.track(row);
    return json(201, registrationAnswer(row));
  }

  /** Back to the seeded state: registrations, deliveries, faults and the clock offset go. */
  async reset(options: { webhooks?: boolean } = {}): Promise<number> {
    await this.lifecycle.idle();
    this.lifecycle.untrackAll(() => true);
    const removed = this.index.removeApiRows();
    this.session.clear();
    await this.store.clearPayments();
    this.qrcodes.reset();
    this.charges.forgetReceived();
    await this.store.clearQrcodes();
    this.webhooks.clearDeliveries();
    if (options.webhooks) {
      this.webhooks.clearRegistrations();
      await this.store.clearWebhooks();
    }
    this.faults.clear();
    this.clock.reset();
    // A seeded row shadowed by a removed registration comes back on the next start only.
    return removed;
  }

  state() {
    const byStatus: Record<string, number> = {};
    let registered = 0;
    for (const p of this.index.all()) {
      byStatus[p.status] = (byStatus[p.status] ?? 0) + 1;
      if (p.origin === "api") registered++;
    }
    return {
      seed: this.opts.seed,
      seed_count: this.opts.seedCount,
      anchor: this.anchor.toISOString(),
      store: this.store.kind,
      payments: { total: this.index.size, registered, by_status: byStatus, in_flight: this.lifecycle.pending },
      qrcodes: this.qrcodes.size,
      balance: this.balance(),
      clock: {
        now: new Date(this.clock.now()).toISOString(),
        offset_ms: this.clock.offset,
        step_ms: this.opts.clockStepMs,
        auto: this.opts.autoClock,
      },
      quirks: this.opts.docQuirks ? "doc" : "none",
      webhooks: this.webhooks.list().map((w) => ({ type_id: w.type_id, url: w.url })),
      deliveries: this.webhooks.deliveries.slice(-100),
      pending_deliveries: this.webhooks.pendingCount,
      duplicates: this.opts.duplicates,
      faults: this.faults.list(),
      held_connections: this.held.size,
      held_requests: this.faults.heldCount,
    };
  }

  async close(): Promise<void> {
    this.lifecycle.stop();
    await this.lifecycle.idle();
    this.webhooks.close();
    await this.store.close();
  }
}
