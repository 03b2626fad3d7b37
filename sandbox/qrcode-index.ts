import { LIMITS, QRCODE_STATUSES } from "./documented";
import type { FieldRules } from "./field-rules";
import { PAGE_AND_DATES, likeDigits, likeText, readListParams } from "./list-query";
import { likePattern, matchesPattern, type TextPattern } from "./text-pattern";
import type { QrcodeRecord } from "./types";

/** A parsed GET /v1/pix/qrcodes query. */
interface QrcodeListQuery {
  page: number;
  registration?: [number, number];
  payment?: [number, number];
  status?: string;
  text: [(q: QrcodeRecord) => string | null, TextPattern][];
}

interface QrcodeListResult {
  items: QrcodeRecord[];
  totalItems: number;
  totalValueCents: number;
  totalPages: number;
  page: number;
}

const TEXT_FILTERS = {
  generator_name: (q: QrcodeRecord) => q.generator_name,
  generator_document: (q: QrcodeRecord) => q.generator_document,
  payer_name: (q: QrcodeRecord) => q.payer_name,
  payer_document: (q: QrcodeRecord) => q.payer_document,
  reference_code: (q: QrcodeRecord) => q.reference_code,
  end_to_end: (q: QrcodeRecord) => q.end_to_end,
} as const;

/** GET /v1/pix/qrcodes parameters, in the documentation's order; `status` is one of the four QR code statuses. */
const QRCODE_LIST_PARAMS = {
  ...PAGE_AND_DATES,
  generator_name: likeText(LIMITS.name),
  generator_document: likeDigits(LIMITS.document),
  payer_name: likeText(LIMITS.name),
  payer_document: likeDigits(LIMITS.document),
  status: { type: "enum", values: QRCODE_STATUSES },
  reference_code: likeText(LIMITS.referenceCode),
  end_to_end: likeText(LIMITS.endToEnd),
} as const satisfies FieldRules;

/** Reads the QR code list's parameters: the payment list's rules, with its own text filters (LIKE) and status (exact). */
export function parseQrcodeListQuery(search: URLSearchParams): { ok: true; query: QrcodeListQuery } | { ok: false; messages: string[] } {
  const read = readListParams(search, QRCODE_LIST_PARAMS);
  if (!read.ok) return read;
  const text: QrcodeListQuery["text"] = [];
  for (const [key, field] of Object.entries(TEXT_FILTERS) as [keyof typeof TEXT_FILTERS, (q: QrcodeRecord) => string | null][]) {
    const value = read.params[key];
    if (value) text.push([field, likePattern(value)]);
  }
  return { ok: true, query: { page: read.page, registration: read.registration, payment: read.payment, status: read.params.status, text } };
}

/** Newest registration first; on a tie the greater reference code first (a stable order). */
const before = (a: QrcodeRecord, b: QrcodeRecord) =>
  a.registeredAt > b.registeredAt || (a.registeredAt === b.registeredAt && a.reference_code > b.reference_code);

/**
 * Every QR code the sandbox knows: seeded ones (linked to a seeded payment by end_to_end) and
 * charges made through the API. Kept newest first and scanned per list query: there are about a
 * tenth as many QR codes as payments, so a plain scan stays in single milliseconds.
 */
export class QrcodeIndex {
  private rows: QrcodeRecord[] = [];
  private readonly byReference = new Map<string, QrcodeRecord>();
  private readonly byEndToEnd = new Map<string, QrcodeRecord>();
  /** Seeded QR codes as generated, to undo what the API did to them (reset). */
  private seeded: QrcodeRecord[] = [];

  get size(): number {
    return this.rows.length;
  }

  /** The seeded QR codes (kept as they are, for reset). */
  loadSeeded(qrcodes: readonly QrcodeRecord[]): void {
    this.seeded = qrcodes.map((q) => ({ ...q }));
    for (const q of qrcodes) this.put(q);
  }

  /** Adds a QR code, or replaces the one with the same reference code (a stored change wins over the seed). */
  put(q: QrcodeRecord): void {
    const old = this.byReference.get(q.reference_code);
    if (old) {
      this.rows = this.rows.filter((r) => r !== old);
      if (old.end_to_end && this.byEndToEnd.get(old.end_to_end) === old) this.byEndToEnd.delete(old.end_to_end);
    }
    this.byReference.set(q.reference_code, q);
    if (q.end_to_end) this.byEndToEnd.set(q.end_to_end, q);
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.rows[mid]!, q)) lo = mid + 1;
      else hi = mid;
    }
    this.rows.splice(lo, 0, q);
  }

  /** After a change of an indexed record's end_to_end (paid). */
  linkEndToEnd(q: QrcodeRecord): void {
    if (q.end_to_end) this.byEndToEnd.set(q.end_to_end, q);
  }

  byReferenceCode(reference: string): QrcodeRecord | undefined {
    return this.byReference.get(reference);
  }

  byEndToEndId(endToEnd: string): QrcodeRecord | undefined {
    return this.byEndToEnd.get(endToEnd);
  }

  /** API charges (for expiry and counting). */
  apiRows(): QrcodeRecord[] {
    return this.rows.filter((q) => q.origin === "api");
  }

  /** Back to the seeded QR codes as generated. */
  reset(): void {
    this.rows = [];
    this.byReference.clear();
    this.byEndToEnd.clear();
    for (const q of this.seeded) this.put({ ...q });
  }

  query(q: QrcodeListQuery): QrcodeListResult {
    const pageSize = LIMITS.pageSize;
    const offset = (q.page - 1) * pageSize;
    const items: QrcodeRecord[] = [];
    let total = 0;
    let sum = 0;
    for (const row of this.rows) {
      if (!matches(row, q)) continue;
      if (total >= offset && total < offset + pageSize) items.push(row);
      total++;
      sum += row.value_cents;
    }
    return { items, totalItems: total, totalValueCents: sum, totalPages: Math.max(1, Math.ceil(total / pageSize)), page: q.page };
  }
}

function matches(row: QrcodeRecord, q: QrcodeListQuery): boolean {
  if (q.registration && (row.registeredAt < q.registration[0] || row.registeredAt > q.registration[1])) return false;
  if (q.status !== undefined && row.status !== q.status) return false;
  if (q.payment && (row.paidAt === null || row.paidAt < q.payment[0] || row.paidAt > q.payment[1])) return false;
  for (const [field, pattern] of q.text) {
    if (!matchesPattern(pattern, (field(row) ?? "").toLowerCase())) return false;
  }
  return true;
}
