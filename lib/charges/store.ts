import "server-only";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { afterCursor, encodeCursor, microsOf } from "@/lib/db/keyset";
import { containsPattern } from "@/lib/db/like";
import { chargeEvents, charges, type ChargeRow } from "@/lib/db/schema";
import { MAX_STORE_PAGE_SIZE, PROVIDER_PAGE_SIZE } from "@/lib/domain/pages";

/** A page of the list: the provider lists' size, so the one list explorer counts rows the same way. */
export const CHARGES_PAGE_SIZE = PROVIDER_PAGE_SIZE;
import { addBrazilDays, brazilInstant } from "@/lib/pix/time";
import { receiverSearch } from "@/lib/transfers/filters";
import type { Charge, ChargeDetail, ChargeEvent, ChargeListMeta } from "./answers";
import type { ChargeListQuery } from "./query";
import { isChargeState, type ChargeAttention, type ChargeKind } from "./states";

/** Reads of the charges table and its timeline: rows in, answers out. Writes live in ./transition.ts and ./service.ts. */

export async function getChargeRow(db: Db | Tx, id: string): Promise<ChargeRow | null> {
  return (await db.select().from(charges).where(eq(charges.id, id)).limit(1))[0] ?? null;
}

export async function getChargeByExternalReference(db: Db | Tx, externalReference: string): Promise<ChargeRow | null> {
  return (await db.select().from(charges).where(eq(charges.externalReference, externalReference)).limit(1))[0] ?? null;
}

/** The charge a provider QR code belongs to: by its reference code, else by our external reference. */
export async function findChargeOfQrcode(db: Db | Tx, q: { reference_code: string; external_reference: string | null }): Promise<ChargeRow | null> {
  const byCode = (await db.select().from(charges).where(eq(charges.referenceCode, q.reference_code)).limit(1))[0];
  if (byCode) return byCode;
  // A charge whose answer was lost (creating, error) has no reference code yet: its own reference names it.
  return q.external_reference ? getChargeByExternalReference(db, q.external_reference) : null;
}

export function toCharge(r: ChargeRow): Charge {
  return {
    id: r.id,
    external_reference: r.externalReference,
    kind: r.kind as ChargeKind,
    state: isChargeState(r.state) ? r.state : "error",
    value_cents: r.valueCents,
    payer_name: r.payerName,
    payer_document: r.payerDocument,
    payer_email: r.payerEmail,
    description: r.description,
    due_date: r.dueDate,
    expires_at: r.expiresAt.toISOString(),
    reference_code: r.referenceCode,
    content: r.content,
    payment_link: r.paymentLink,
    error_reason: r.errorReason,
    paid: r.paidAt
      ? {
          at: r.paidAt.toISOString(),
          value_cents: r.paidValueCents ?? r.valueCents,
          end_to_end: r.endToEnd,
          payer_name: r.paidByName,
          payer_document: r.paidByDocument,
          payer_bank: r.paidByBank,
        }
      : null,
    withdrawn: r.withdrawnAt ? { at: r.withdrawnAt.toISOString(), by: r.withdrawnByEmail ?? "", reason: r.withdrawReason } : null,
    attention: (r.attention as ChargeAttention | null) ?? null,
    maker_email: r.makerEmail,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export async function chargeDetail(db: Db | Tx, row: ChargeRow): Promise<ChargeDetail> {
  const events = await db.select().from(chargeEvents).where(eq(chargeEvents.chargeId, row.id)).orderBy(asc(chargeEvents.id));
  return {
    ...toCharge(row),
    events: events.map(
      (e): ChargeEvent => ({
        at: e.at.toISOString(),
        from_state: e.fromState && isChargeState(e.fromState) ? e.fromState : null,
        to_state: isChargeState(e.toState) ? e.toState : "error",
        actor_email: e.actorEmail,
        note: (e.note as ChargeEvent["note"]) ?? null,
      }),
    ),
  };
}

export async function getCharge(db: Db | Tx, id: string): Promise<ChargeDetail | null> {
  const row = await getChargeRow(db, id);
  return row ? chargeDetail(db, row) : null;
}

type ListOptions = Partial<Omit<ChargeListQuery, "page">> & { page?: number; pageSize?: number };

/**
 * A page of charges, newest first, with the count and sums of everything the filters match. A
 * cursor (lib/db/keyset.ts) names the last charge of the previous page: the next page is what
 * sorts after it, unmoved by charges created meanwhile; `meta.next_cursor` names the one after.
 */
export async function listCharges(db: Db, q: ListOptions): Promise<{ charges: Charge[]; meta: ChargeListMeta }> {
  const page = q.cursor ? 1 : Math.max(1, q.page ?? 1);
  const pageSize = Math.min(MAX_STORE_PAGE_SIZE, Math.max(1, q.pageSize ?? q.limit ?? CHARGES_PAGE_SIZE));
  const conditions = listConditions(q);
  const where = conditions.length ? and(...conditions) : undefined;
  const [found, totals] = await Promise.all([
    db
      .select({ row: charges, micros: microsOf(charges.createdAt) })
      .from(charges)
      .where(q.cursor ? and(where, afterCursor(charges.createdAt, charges.id, q.cursor, "text")) : where)
      .orderBy(desc(charges.createdAt), desc(charges.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        n: count(),
        cents: sql<string | null>`sum(${charges.valueCents})`,
        paid: sql<string | null>`sum(coalesce(${charges.paidValueCents}, ${charges.valueCents})) filter (where ${charges.paidAt} is not null)`,
      })
      .from(charges)
      .where(where),
  ]);
  const total = Number(totals[0]?.n ?? 0);
  const last = found.at(-1);
  return {
    charges: found.map((f) => toCharge(f.row)),
    meta: {
      page,
      page_size: pageSize,
      total,
      total_pages: Math.max(1, Math.ceil(total / pageSize)),
      total_value_cents: Number(totals[0]?.cents ?? 0),
      paid_value_cents: Number(totals[0]?.paid ?? 0),
      next_cursor: last && found.length === pageSize ? encodeCursor({ micros: last.micros, id: last.row.id }) : null,
    },
  };
}

function dayRange(column: typeof charges.paidAt | typeof charges.createdAt, from?: string, to?: string): SQL[] {
  const out: SQL[] = [];
  const start = from ? brazilInstant(from) : null;
  const end = to ? brazilInstant(to) : null;
  if (start) out.push(gte(column, start));
  if (end) out.push(lt(column, addBrazilDays(end, 1)));
  return out;
}

function listConditions(q: ListOptions): SQL[] {
  const c = charges;
  const conditions: SQL[] = [];
  if (q.state?.length) conditions.push(inArray(c.state, q.state));
  if (q.attention === true) conditions.push(isNotNull(c.attention));
  if (q.payer) {
    const { key, digits } = receiverSearch(q.payer);
    const parts = [sql`${c.payerKey} like ${containsPattern(key)}`, sql`${c.externalReference} ilike ${containsPattern(q.payer.trim())}`];
    if (digits) parts.push(sql`${c.payerDocument} like ${containsPattern(digits)}`);
    conditions.push(or(...parts) as SQL);
  }
  if (q.min_cents !== undefined) conditions.push(gte(c.valueCents, q.min_cents));
  if (q.max_cents !== undefined) conditions.push(lte(c.valueCents, q.max_cents));
  // Due days are Brazil days stored as text: compared as text (YYYY-MM-DD sorts as dates do).
  if (q.due_from) conditions.push(gte(c.dueDate, q.due_from));
  if (q.due_to) conditions.push(lte(c.dueDate, q.due_to));
  conditions.push(...dayRange(c.paidAt, q.paid_from, q.paid_to));
  if (q.updated_since) conditions.push(gte(c.updatedAt, new Date(q.updated_since)));
  return conditions;
}

/** Charges whose provider record should be read again: still open, oldest check first. */
export async function chargesToReadBack(db: Db, now: Date, limit: number): Promise<ChargeRow[]> {
  return db
    .select()
    .from(charges)
    .where(and(eq(charges.state, "awaiting_payment"), isNotNull(charges.referenceCode), or(sql`${charges.providerCheckedAt} is null`, lt(charges.providerCheckedAt, new Date(now.getTime() - 60_000)))))
    .orderBy(sql`${charges.providerCheckedAt} asc nulls first`, asc(charges.dueDate))
    .limit(limit);
}
