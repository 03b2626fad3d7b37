import { LIMITS } from "./documented";
import { BaseColumns, type TextField } from "./base-columns";
import { matchesPattern, type TextPattern } from "./text-pattern";
import type { PaymentRecord } from "./types";

export interface ListQuery {
  page: number;
  registration?: [number, number];
  payment?: [number, number];
  status?: string;
  name?: TextPattern;
  document?: TextPattern;
  reference?: TextPattern;
  endToEnd?: TextPattern;
}

export interface ListResult {
  items: PaymentRecord[];
  totalItems: number;
  totalValueCents: number;
  totalPages: number;
  page: number;
}

/** Is `a` listed before `b`? Newest registration first; on a tie the later-created first. */
const before = (aAt: number, aSeq: number, bAt: number, bSeq: number) => aAt > bAt || (aAt === bAt && aSeq > bSeq);

const TEXT_FIELDS: [TextField, (p: PaymentRecord) => string][] = [
  ["name", (p) => p.lcName],
  ["document", (p) => p.lcDocument],
  ["reference", (p) => p.lcReference],
  ["endToEnd", (p) => p.lcEndToEnd],
];

function intersect(a: number[], b: number[]): number[] {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i]! === b[j]!) {
      out.push(a[i]!);
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return out;
}

/**
 * Every read answers from here: the seeded history in immutable columns (BaseColumns) plus
 * the payments registered through the API, kept as objects newest first (they change status
 * in place, which keeps the order). A list query scans both and merges them by date.
 */
export class PaymentIndex {
  private base = new BaseColumns([]);
  private pendingBase: PaymentRecord[] = [];
  private overlay: PaymentRecord[] = [];
  /** The first payment of each idempotent_id: what every read by that id answers. */
  private readonly byId = new Map<string, PaymentRecord>();
  /** Later payments with an id already used (duplicates "allow" only), oldest first. */
  private readonly repeats = new Map<string, PaymentRecord[]>();
  private repeatCount = 0;
  private readonly byReference = new Map<string, PaymentRecord>();
  private readonly baseRowById = new Map<string, number>();
  private nextSeq = 0;
  private matchBuffer = new Int32Array(0);

  get size(): number {
    return this.byId.size + this.repeatCount;
  }

  /** Queues seeded rows; seal() builds the columns. */
  bulkLoad(rows: readonly PaymentRecord[]): void {
    for (const row of rows) {
      this.pendingBase.push(row);
      this.byId.set(row.idempotent_id, row);
      this.byReference.set(row.reference_code, row);
      if (row.seq >= this.nextSeq) this.nextSeq = row.seq + 1;
    }
  }

  seal(): void {
    this.base = new BaseColumns(this.pendingBase);
    this.pendingBase = [];
    this.base.rows.forEach((r, i) => this.baseRowById.set(r.idempotent_id, i));
    this.base.warm();
    this.matchBuffer = new Int32Array(this.base.length);
  }

  /** Every visible payment, newest first (O(n): control state and rare look-ups only). */
  all(): PaymentRecord[] {
    const visible = this.base.rows.filter((_, i) => this.base.hidden[i] === 0);
    return this.merge(visible, this.overlay);
  }

  takeSeq(): number {
    return this.nextSeq++;
  }

  get(idempotentId: string): PaymentRecord | undefined {
    return this.byId.get(idempotentId);
  }

  /** The payment with this reference code (GET /v1/pix/payments/{reference_code}, receipts). */
  getByReference(referenceCode: string): PaymentRecord | undefined {
    return this.byReference.get(referenceCode);
  }

  /** Every payment with this idempotent_id, the first one first (more than one only with duplicates "allow"). */
  withId(idempotentId: string): PaymentRecord[] {
    const first = this.byId.get(idempotentId);
    return first ? [first, ...(this.repeats.get(idempotentId) ?? [])] : [];
  }

  /** Adds an API payment (a seeded row of the same id must have been removed first). */
  insert(row: PaymentRecord): void {
    if (this.byId.has(row.idempotent_id)) throw new Error(`duplicate idempotent_id ${row.idempotent_id}`);
    this.byId.set(row.idempotent_id, row);
    this.addToOverlay(row);
  }

  /** Adds a further payment with an id already used (duplicates "allow"): listed, read by reference code, never by id. */
  insertRepeat(row: PaymentRecord): void {
    if (!this.byId.has(row.idempotent_id)) return this.insert(row);
    const list = this.repeats.get(row.idempotent_id) ?? [];
    list.push(row);
    this.repeats.set(row.idempotent_id, list);
    this.repeatCount++;
    this.addToOverlay(row);
  }

  private addToOverlay(row: PaymentRecord): void {
    this.byReference.set(row.reference_code, row);
    if (row.seq >= this.nextSeq) this.nextSeq = row.seq + 1;
    let lo = 0;
    let hi = this.overlay.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const m = this.overlay[mid]!;
      if (before(m.registeredAt, m.seq, row.registeredAt, row.seq)) lo = mid + 1;
      else hi = mid;
    }
    this.overlay.splice(lo, 0, row);
  }

  /** Removes the first payment of this id (a seeded row a stored registration replaces). */
  remove(idempotentId: string): void {
    const row = this.byId.get(idempotentId);
    if (row) this.removeRow(row);
  }

  /** Removes one payment (a registration whose write failed). */
  removeRow(row: PaymentRecord): void {
    const id = row.idempotent_id;
    const repeats = this.repeats.get(id);
    if (repeats?.includes(row)) {
      const rest = repeats.filter((r) => r !== row);
      if (rest.length) this.repeats.set(id, rest);
      else this.repeats.delete(id);
      this.repeatCount--;
    } else if (this.byId.get(id) === row) {
      this.byId.delete(id);
    } else return;
    if (this.byReference.get(row.reference_code) === row) this.byReference.delete(row.reference_code);
    const baseRow = this.baseRowById.get(id);
    if (baseRow !== undefined && this.base.rows[baseRow] === row) this.base.hidden[baseRow] = 1;
    else this.overlay = this.overlay.filter((r) => r !== row);
  }

  /** Drops every API payment (back to the seeded state). */
  removeApiRows(): number {
    const removed = this.overlay.length;
    for (const r of this.overlay) {
      if (this.byId.get(r.idempotent_id) === r) this.byId.delete(r.idempotent_id);
      if (this.byReference.get(r.reference_code) === r) this.byReference.delete(r.reference_code);
    }
    this.overlay = [];
    this.repeats.clear();
    this.repeatCount = 0;
    return removed;
  }

  /** One list page plus totals over all pages. */
  query(q: ListQuery): ListResult {
    const pageSize = LIMITS.pageSize;
    const offset = (q.page - 1) * pageSize;
    const baseHits = this.queryBase(q);
    const overlayHits = this.overlay.filter((p) => this.overlayMatches(p, q));
    const total = baseHits.count + overlayHits.length;
    let sum = baseHits.sum;
    for (const p of overlayHits) sum += p.value_cents;
    const items: PaymentRecord[] = [];
    const b = this.base;
    let i = 0;
    let j = 0;
    for (let k = 0; k < offset + pageSize && (i < baseHits.count || j < overlayHits.length); k++) {
      const bi = i < baseHits.count ? this.matchBuffer[i]! : -1;
      const o = overlayHits[j];
      const takeBase = bi >= 0 && (!o || before(b.regAt[bi]!, b.seq[bi]!, o.registeredAt, o.seq));
      const row = takeBase ? b.rows[bi]! : o!;
      if (takeBase) i++;
      else j++;
      if (k >= offset) items.push(row);
    }
    return {
      items,
      totalItems: total,
      totalValueCents: sum,
      // The contract documents total_pages > 0: an empty result is one empty page.
      totalPages: Math.max(1, Math.ceil(total / pageSize)),
      page: q.page,
    };
  }

  /** Fills matchBuffer with matching base rows in order; returns their count and sum. */
  private queryBase(q: ListQuery): { count: number; sum: number } {
    const b = this.base;
    const [lo, hi] = q.registration ? b.registrationRange(q.registration[0], q.registration[1]) : [0, b.length];
    const status = q.status === undefined ? 0 : (b.statusCodes.get(q.status) ?? -1);
    if (status === -1) return { count: 0, sum: 0 };
    let candidates: number[] | null = null;
    for (const [field] of TEXT_FIELDS) {
      const pattern = q[field];
      if (!pattern) continue;
      const found = b.search(field, pattern);
      candidates = candidates ? intersect(candidates, found) : found;
    }
    const [payFrom, payTo] = q.payment ?? [0, 0];
    const hasPayment = q.payment !== undefined;
    const { status: st, paidAt, value, hidden } = b;
    const buffer = this.matchBuffer;
    let count = 0;
    let sum = 0;
    const visit = (i: number) => {
      if (hidden[i] !== 0) return;
      if (status !== 0 && st[i] !== status) return;
      if (hasPayment) {
        const t = paidAt[i]!;
        if (!(t >= payFrom && t <= payTo)) return;
      }
      buffer[count++] = i;
      sum += value[i]!;
    };
    if (candidates) {
      for (const i of candidates) if (i >= lo && i < hi) visit(i);
    } else {
      for (let i = lo; i < hi; i++) visit(i);
    }
    return { count, sum };
  }

  private overlayMatches(p: PaymentRecord, q: ListQuery): boolean {
    if (q.registration && (p.registeredAt < q.registration[0] || p.registeredAt > q.registration[1])) return false;
    if (q.status !== undefined && p.status !== q.status) return false;
    if (q.payment && (p.paidAt === null || p.paidAt < q.payment[0] || p.paidAt > q.payment[1])) return false;
    for (const [field, text] of TEXT_FIELDS) {
      const pattern = q[field];
      if (pattern && !matchesPattern(pattern, text(p))) return false;
    }
    return true;
  }

  private merge(a: readonly PaymentRecord[], b: readonly PaymentRecord[]): PaymentRecord[] {
    const out: PaymentRecord[] = [];
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      const x = a[i];
      const y = b[j];
      if (x && (!y || before(x.registeredAt, x.seq, y.registeredAt, y.seq))) {
        out.push(x);
        i++;
      } else {
        out.push(y!);
        j++;
      }
    }
    return out;
  }
}
