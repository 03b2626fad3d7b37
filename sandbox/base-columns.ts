import { TextColumn, type TextPattern } from "./text-pattern";
import type { PaymentRecord } from "./types";

export type TextField = "name" | "document" | "reference" | "endToEnd";

/**
 * The seeded history in columns: sorted newest first once, never changed afterwards (seeded
 * payments have no lifecycle). Typed arrays keep a 200,000-row scan inside the CPU cache;
 * text columns are searched with one indexOf over a joined string.
 */
export class BaseColumns {
  readonly rows: readonly PaymentRecord[];
  readonly regAt: Float64Array;
  readonly paidAt: Float64Array;
  readonly value: Float64Array;
  readonly seq: Float64Array;
  readonly status: Uint8Array;
  /** 1 = hidden (a stored registration of the same idempotent_id replaced it). */
  readonly hidden: Uint8Array;
  readonly statusCodes = new Map<string, number>();
  private readonly text = new Map<TextField, TextColumn>();
  private readonly rawText: Record<TextField, (p: PaymentRecord) => string> = {
    name: (p) => p.lcName,
    document: (p) => p.lcDocument,
    reference: (p) => p.lcReference,
    endToEnd: (p) => p.lcEndToEnd,
  };

  constructor(rows: PaymentRecord[]) {
    rows.sort((a, b) => b.registeredAt - a.registeredAt || b.seq - a.seq);
    this.rows = rows;
    const n = rows.length;
    this.regAt = new Float64Array(n);
    this.paidAt = new Float64Array(n);
    this.value = new Float64Array(n);
    this.seq = new Float64Array(n);
    this.status = new Uint8Array(n);
    this.hidden = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const r = rows[i]!;
      this.regAt[i] = r.registeredAt;
      this.paidAt[i] = r.paidAt ?? NaN;
      this.value[i] = r.value_cents;
      this.seq[i] = r.seq;
      let code = this.statusCodes.get(r.status);
      if (code === undefined) this.statusCodes.set(r.status, (code = this.statusCodes.size + 1));
      this.status[i] = code;
    }
  }

  get length(): number {
    return this.rows.length;
  }

  /** Matching row indices (ascending) of a text field; the column is built on first use. */
  search(field: TextField, p: TextPattern): number[] {
    let column = this.text.get(field);
    if (!column) {
      column = new TextColumn(this.rows.map(this.rawText[field]));
      this.text.set(field, column);
    }
    return column.search(p);
  }

  /** Builds every text column now (start-up), so no first query pays for it. */
  warm(): void {
    for (const field of Object.keys(this.rawText) as TextField[]) this.search(field, { needle: "\n", regex: null });
  }

  /** Index range [lo, hi) of rows registered within [fromMs, toMs], by binary search. */
  registrationRange(fromMs: number, toMs: number): [number, number] {
    const firstAtOrBelow = (t: number): number => {
      let lo = 0;
      let hi = this.regAt.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.regAt[mid]! > t) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const lo = firstAtOrBelow(toMs);
    const hi = fromMs > toMs ? lo : firstAtOrBelow(fromMs - 1);
    return [lo, Math.max(lo, hi)];
  }
}
