import { generateEndToEnd } from "@/lib/pix";
import type { LifecycleClock } from "./clock";
import { createRand, hashString, pick } from "./random";
import { SANDBOX_ISPB } from "./seed-payments";
import { CANCELLATION_REASONS, EARLY_CANCELLATION_REASONS } from "./seed-words";
import type { LifecyclePlan, PaymentRecord } from "./types";

/**
 * How a registered, authorized payment ends. Deterministic per idempotent_id: about 85%
 * complete, 10% are canceled after being sent, 5% before. An idempotent_id containing
 * "cancel" is always canceled after being sent (handy for tests and demos).
 */
export function planFor(idempotentId: string): LifecyclePlan {
  if (/cancel/i.test(idempotentId)) return "cancel_after_sent";
  const roll = hashString(`plan:${idempotentId}`) % 100;
  if (roll < 85) return "complete";
  return roll < 95 ? "cancel_after_sent" : "cancel_before_sent";
}

/**
 * Moves one payment one step, dated at `at` (its due time):
 * auto_authorization -> sent (end_to_end assigned) | canceled; sent -> completed | canceled.
 * Returns false when the payment has nothing left to do.
 */
function stepPayment(p: PaymentRecord, at: number, stepMs: number): boolean {
  // A repeated id (duplicates "allow") is another payment: its own end_to_end.
  const rand = createRand(`lifecycle:${p.idempotent_id}${p.repeat ? `#${p.repeat}` : ""}`);
  if (p.status === "auto_authorization") {
    if (p.plan === "cancel_before_sent") {
      cancel(p, at, pick(rand, EARLY_CANCELLATION_REASONS));
      return true;
    }
    p.status = "sent";
    p.end_to_end = generateEndToEnd(SANDBOX_ISPB, new Date(at), rand);
    p.lcEndToEnd = p.end_to_end.toLowerCase();
    p.nextStepAt = at + stepMs;
    return true;
  }
  if (p.status === "sent") {
    if (p.plan === "complete") {
      p.status = "completed";
      p.paidAt = at;
      p.nextStepAt = null;
    } else {
      cancel(p, at, pick(rand, CANCELLATION_REASONS));
    }
    return true;
  }
  p.nextStepAt = null;
  return false;
}

function cancel(p: PaymentRecord, at: number, reason: string): void {
  p.status = "canceled";
  p.canceledAt = at;
  p.cancellation_reason = reason;
  p.nextStepAt = null;
}

interface LifecycleHooks {
  /** Persist and notify; awaited before the next step. */
  onChange(p: PaymentRecord, at: number): Promise<void>;
  /** A timer-driven run failed (the store refused a write): report, never crash. */
  onError?(e: unknown): void;
}

/**
 * Drives authorized API payments along the lifecycle clock. With autoClock a timer checks
 * for due steps; otherwise only advance() and settle() move time. Runs are serialized.
 */
export class Lifecycle {
  private readonly active = new Set<PaymentRecord>();
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly clock: LifecycleClock,
    private readonly stepMs: number,
    private readonly hooks: LifecycleHooks,
  ) {}

  track(p: PaymentRecord): void {
    if (p.nextStepAt !== null && p.nextStepAt !== undefined) this.active.add(p);
  }

  untrackAll(filter: (p: PaymentRecord) => boolean): void {
    for (const p of this.active) if (filter(p)) this.active.delete(p);
  }

  get pending(): number {
    return this.active.size;
  }

  start(): void {
    const every = Math.max(5, Math.min(500, Math.floor(this.stepMs / 4)));
    this.timer = setInterval(() => {
      this.runDue().catch((e: unknown) => this.hooks.onError?.(e));
    }, every);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Runs every step due at the clock's current time; returns how many transitions happened. */
  runDue(): Promise<number> {
    const run = this.chain.then(() => this.stepDue(this.clock.now()));
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Moves the clock forward by `ms` and runs what became due. */
  async advance(ms: number): Promise<number> {
    this.clock.advance(ms);
    return this.runDue();
  }

  /** Jumps the clock from due time to due time until every authorized payment is final. */
  async settle(): Promise<number> {
    let total = 0;
    for (let guard = 0; guard < 10_000 && this.active.size > 0; guard++) {
      let next = Infinity;
      for (const p of this.active) next = Math.min(next, p.nextStepAt ?? Infinity);
      if (next === Infinity) break;
      this.clock.advanceTo(next);
      total += await this.runDue();
    }
    return total;
  }

  /** Waits for the run in progress (close, reset). */
  async idle(): Promise<void> {
    await this.chain;
  }

  private async stepDue(now: number): Promise<number> {
    let count = 0;
    const due = [...this.active]
      .filter((p) => (p.nextStepAt ?? Infinity) <= now)
      .sort((a, b) => (a.nextStepAt ?? 0) - (b.nextStepAt ?? 0));
    for (const p of due) {
      while (p.nextStepAt !== null && p.nextStepAt !== undefined && p.nextStepAt <= now) {
        if (!this.active.has(p)) break;
        const at = p.nextStepAt;
        if (!stepPayment(p, at, this.stepMs)) break;
        count++;
        await this.hooks.onChange(p, at);
      }
      if (p.nextStepAt === null || p.nextStepAt === undefined) this.active.delete(p);
    }
    return count;
  }
}
