import "server-only";
import { and, eq, gt } from "drizzle-orm";
import type { AccountType, AccountTypeCode, PixKeyType } from "@/lib/contract/enums";
import type { Db, Tx } from "@/lib/db";
import { transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { logLine } from "@/lib/http/logger";
import { getPayment } from "@/lib/payments-api";
import { receiptUrlOf } from "@/lib/events/store";
import type { ReceiptData, ReceiptParty } from "./receipt-data";

/** Why a transfer request has no comprovante (yet): it is not paid. */
export type TransferReceiptRefusal = { reason: "notPaid"; state: string } | { reason: "companyMissing" };

const ACCOUNT_TYPE: Record<AccountTypeCode, AccountType> = {
  CACC: "checking_account",
  SVGS: "savings_account",
  SLRY: "salary_account",
  TRAN: "transaction_account",
};

const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);

/**
 * The comprovante of a transfer request the back office followed to `paid`: the amount, the
 * receiver and the key or account as it was sent, the end_to_end and payment date the provider
 * gave; nothing for a request that is not paid. Its description is the company's own note and
 * stays off the paper handed to the receiver (lib/receipts/pdf.ts).
 */
export function receiptFromTransfer(row: TransferRequestRow, payer: ReceiptParty, receiptUrl: string | null): { ok: true; data: ReceiptData } | { ok: false; refusal: TransferReceiptRefusal } {
  if (row.state !== "paid" || !row.endToEnd || !row.paymentDate) return { ok: false, refusal: { reason: "notPaid", state: row.state } };
  const body = row.body;
  const manual = body.initiation_type === "manual";
  return {
    ok: true,
    data: {
      payer,
      amountCents: row.valueCents,
      paidAt: row.paymentDate,
      endToEnd: row.endToEnd,
      referenceCode: row.referenceCode ?? "",
      idempotentId: row.idempotentId,
      receiver: {
        name: row.receiverName,
        document: row.receiverDocument,
        pixKey: !manual && text(body.pix_key) ? { type: body.pix_key_type as PixKeyType, key: String(body.pix_key) } : null,
        bank: manual
          ? {
              ispb: text(body.receiver_bank_ispb),
              name: null,
              agency: text(body.receiver_agency),
              account: text(body.receiver_account),
              accountType: ACCOUNT_TYPE[body.receiver_account_type as AccountTypeCode] ?? null,
            }
          : null,
      },
      receiptUrl,
    },
  };
}

/**
 * A transfer request's comprovante, from the store (and the provider's receipt page when a webhook
 * brought one). A transfer to a key learns the receiver's institution, agency and account from
 * the provider's single read, when it answers: the comprovante is issued without them otherwise.
 */
export async function getTransferReceipt(db: Db, id: string): Promise<{ ok: true; data: ReceiptData } | { ok: false; refusal: TransferReceiptRefusal } | null> {
  const [row] = await db.select().from(transferRequests).where(eq(transferRequests.id, id));
  if (!row) return null;
  const company = getEnv().company;
  if (!company) return { ok: false, refusal: { reason: "companyMissing" } };
  const built = receiptFromTransfer(row, company, await receiptUrlOf(db, row.idempotentId));
  if (!built.ok || built.data.receiver.bank) return built;
  return { ok: true, data: { ...built.data, receiver: { ...built.data.receiver, bank: await receiverBankOf(row.idempotentId) } } };
}

/** The receiver's bank as the provider's single read tells it (key transfers), or null. */
async function receiverBankOf(idempotentId: string): Promise<ReceiptData["receiver"]["bank"]> {
  try {
    const p = await getPayment(idempotentId);
    if (!p.receiver_bank_name && !p.receiver_agency && !p.receiver_account) return null;
    return { ispb: null, name: p.receiver_bank_name ?? null, agency: p.receiver_agency ?? null, account: p.receiver_account ?? null, accountType: p.receiver_account_type ?? null };
  } catch (error) {
    logLine("warn", "receipts: the provider's read of the receiver's bank failed; issued without it", { error });
    return null;
  }
}

/** The paid rows of a batch, in file order, a page at a time (a 5,000-row batch is never held whole). */
export async function* paidBatchRows(db: Tx, batchId: string, pageSize = 200): AsyncGenerator<TransferRequestRow> {
  for (let line = -1; ; ) {
    const rows = await db
      .select()
      .from(transferRequests)
      .where(sqlPaidAfter(batchId, line))
      .orderBy(transferRequests.batchLine)
      .limit(pageSize);
    for (const row of rows) yield row;
    if (rows.length < pageSize) return;
    line = rows.at(-1)!.batchLine ?? line;
  }
}

function sqlPaidAfter(batchId: string, line: number) {
  return and(eq(transferRequests.batchId, batchId), eq(transferRequests.state, "paid"), gt(transferRequests.batchLine, line));
}
