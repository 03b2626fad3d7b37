import type { PaymentRecord, QrcodeRecord } from "./types";

/** Is `a` listed before `b`? Newest registration first; on a tie the later-created first. */
function before(a: PaymentRecord, b: PaymentRecord): boolean {
  return a.registeredAt > b.registeredAt || (a.registeredAt === b.registeredAt && a.seq > b.seq);
}

/**
 * The in-memory index every read answers from: payments kept sorted newest first (so a
 * registration range is two binary searches and a page needs no sort), plus maps by
 * idempotent_id and QR codes by end_to_end. Seeded rows never change; api rows change
 * status in place, which keeps the order (it depends only on registration).
 */
export class PaymentIndex {
  private rows: PaymentRecord[] = [];
  private readonly byId = new Map<string, PaymentRecord>();
  private readonly qrByEndToEnd = new Map<string, QrcodeRecord>();
  private nextSeq = 0;

  get size(): number {
    return this.rows.length;
  }

  /** All rows, newest first. Read-only by convention: mutate through the index. */
  all(): readonly PaymentRecord[] {
    return this.rows;
  }

  /** Loads many rows at once (seed, restart) and sorts once. */
  bulkLoad(rows: readonly PaymentRecord[]): void {
    for (const row of rows) {
      this.byId.set(row.idempotent_id, row);
      this.rows.push(row);
      if (row.seq >= this.nextSeq) this.nextSeq = row.seq + 1;
    }
    this.rows.sort((a, b) => b.registeredAt - a.registeredAt || b.seq - a.seq);
  }

  /** The seq a new registration gets (strictly increasing). */
  takeSeq(): number {
    return this.nextSeq++;
  }

  get(idempotentId: string): PaymentRecord | undefined {
    return this.byId.get(idempotentId);
  }

  insert(row: PaymentRecord): void {
    if (this.byId.has(row.idempotent_id)) throw new Error(`duplicate idempotent_id ${row.idempotent_id}`);
    this.byId.set(row.idempotent_id, row);
    if (row.seq >= this.nextSeq) this.nextSeq = row.seq + 1;
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.rows[mid]!, row)) lo = mid + 1;
      else hi = mid;
    }
    this.rows.splice(lo, 0, row);
  }

  remove(idempotentId: string): void {
    const row = this.byId.get(idempotentId);
    if (!row) return;
    this.byId.delete(idempotentId);
    const at = this.rows.indexOf(row);
    if (at >= 0) this.rows.splice(at, 1);
  }

  /** Drops every row registered through the API (back to the seeded state). */
  removeApiRows(): number {
    const before = this.rows.length;
    this.rows = this.rows.filter((r) => r.origin === "seed");
    for (const [id, row] of this.byId) if (row.origin === "api") this.byId.delete(id);
    return before - this.rows.length;
  }

  addQrcodes(qrcodes: readonly QrcodeRecord[]): void {
    for (const qr of qrcodes) this.qrByEndToEnd.set(qr.end_to_end, qr);
  }

  qrcode(endToEnd: string): QrcodeRecord | undefined {
    return this.qrByEndToEnd.get(endToEnd);
  }

  get qrcodeCount(): number {
    return this.qrByEndToEnd.size;
  }

  /**
   * Index range [lo, hi) of rows registered within [fromMs, toMs] (inclusive), found by
   * binary search on the newest-first order.
   */
  registrationRange(fromMs: number, toMs: number): [number, number] {
    const rows = this.rows;
    const firstAtOrBelow = (t: number): number => {
      let lo = 0;
      let hi = rows.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (rows[mid]!.registeredAt > t) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const lo = firstAtOrBelow(toMs);
    const hi = fromMs > toMs ? lo : firstAtOrBelow(fromMs - 1);
    return [lo, Math.max(lo, hi)];
  }
}
