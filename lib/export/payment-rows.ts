import "server-only";
import type { PaymentListItem } from "@/lib/contract";
import { getDb } from "@/lib/db";
import { sentBankData } from "@/lib/transfers/server/store";
import type { PaymentExportRow } from "./payments-columns";

/** A page of the provider's payments with the bank account this back office sent each to (one store read per page). */
export async function withBankData(payments: PaymentListItem[]): Promise<PaymentExportRow[]> {
  const banks = await sentBankData(await getDb(), payments.map((p) => p.idempotent_id));
  return payments.map((p) => ({ ...p, bank: banks.get(p.idempotent_id) ?? null }));
}
