import { generateEndToEnd } from "@/lib/pix";
import { CANCELLATION_REASONS, EARLY_CANCELLATION_REASONS } from "./seed-words";
import { KEY_TYPE_WEIGHTS, generateReceiver, type Receiver } from "./seed-people";
import { amountCents, seedTimeline } from "./seed-timing";
import { alnum, createRand, digits, pick, uuid, weighted, type Rand } from "./random";
import type { PaymentRecord } from "./types";

/** ISPB of the sandbox's own institution: the first 8 characters after `E` of every end_to_end. */
export const SANDBOX_ISPB = "18236120";

/** A service-assigned reference code: 32 lowercase hex-like characters. */
export function referenceCode(rand: Rand): string {
  return uuid(rand).replace(/-/g, "");
}

function idempotentId(rand: Rand, index: number, registeredAt: number): string {
  const year = new Date(registeredAt).getUTCFullYear();
  const style = rand();
  if (style < 0.5) return uuid(rand);
  if (style < 0.8) return `pedido-${year}-${String(index + 1).padStart(7, "0")}`;
  if (style < 0.93) return `NF${digits(rand, 3)}${String(index + 1).padStart(7, "0")}`;
  return `folha-${year}-${alnum(rand, 4)}-${index + 1}`;
}

/**
 * Receivers repeat (suppliers, payroll): a pool about an eighth of the payment count,
 * drawn with a skew so some receivers appear many times.
 */
function receiverPool(rand: Rand, count: number): Receiver[] {
  const size = Math.max(50, Math.ceil(count / 8));
  const pool: Receiver[] = [];
  for (let i = 0; i < size; i++) pool.push(generateReceiver(rand, weighted(rand, KEY_TYPE_WEIGHTS)));
  return pool;
}

interface SeedPaymentsOptions {
  seed: number;
  count: number;
  /** Every seeded date lies in the 90 days before this instant. */
  anchor: number;
}

/**
 * The seeded payment history: deterministic for a given seed, count and anchor, so it is
 * regenerated at every start instead of being stored. Returned newest first.
 */
export function generateSeededPayments({ seed, count, anchor }: SeedPaymentsOptions): PaymentRecord[] {
  const rand = createRand(seed);
  const pool = receiverPool(rand, count);
  const usedIds = new Set<string>();
  const rows: PaymentRecord[] = [];
  for (let i = 0; i < count; i++) {
    const skewed = Math.floor(pool.length * Math.pow(rand(), 1.8));
    const r = pool[Math.min(skewed, pool.length - 1)]!;
    const t = seedTimeline(rand, anchor);
    let id = idempotentId(rand, i, t.registeredAt);
    while (usedIds.has(id)) id = `${id}-${alnum(rand, 3)}`;
    usedIds.add(id);
    const ref = referenceCode(rand);
    const e2e = t.sentAt !== null ? generateEndToEnd(SANDBOX_ISPB, new Date(t.sentAt), rand) : null;
    const reason =
      t.status === "canceled" ? pick(rand, e2e ? CANCELLATION_REASONS : EARLY_CANCELLATION_REASONS) : null;
    rows.push({
      seq: i,
      origin: "seed",
      reference_code: ref,
      idempotent_id: id,
      value_cents: amountCents(rand),
      pix_key_type: r.pixKeyType,
      pix_key: r.pixKey,
      receiver_name: r.name,
      receiver_document: r.document,
      receiver_bank_ispb: r.bankIspb,
      receiver_bank_name: r.bankName,
      receiver_agency: r.agency,
      receiver_account: r.account,
      receiver_account_type: r.accountType,
      status: t.status,
      registeredAt: t.registeredAt,
      paidAt: t.paidAt,
      canceledAt: t.canceledAt,
      cancellation_reason: reason,
      end_to_end: e2e,
      lcName: r.name.toLowerCase(),
      lcDocument: r.document.toLowerCase(),
      lcReference: ref,
      lcEndToEnd: e2e ? e2e.toLowerCase() : "",
    });
  }
  return rows;
}
