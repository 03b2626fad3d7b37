import "server-only";
import { and, eq, lte } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { charges } from "@/lib/db/schema";
import type { CashItem } from "./projection";

/**
 * What is expected in: charges awaiting payment, on their due day (one already past its due day
 * and still awaiting counts today: it may be paid late). Expired, withdrawn and refused charges
 * are not expected; paid ones are already in the balance.
 */
export async function incomingItems(db: Db, lastDay: string): Promise<CashItem[]> {
  const rows = await db
    .select({ id: charges.id, valueCents: charges.valueCents, dueDate: charges.dueDate, payerName: charges.payerName, reference: charges.externalReference })
    .from(charges)
    .where(and(eq(charges.state, "awaiting_payment"), lte(charges.dueDate, lastDay)));
  return rows.map((r) => ({ date: r.dueDate, value_cents: r.valueCents, kind: "charge" as const, id: r.id, href: `/charges/${r.id}`, label: `${r.payerName} · ${r.reference}` }));
}
