import type { ProblemKind } from "@/lib/domain/errors";
import type { Translator } from "@/lib/i18n/server";
import type { ReceiptRefusal } from "./receipt-data";
import type { TransferReceiptRefusal } from "./transfer-receipt";

type Key = Parameters<Translator>[0];

/** Why there is no comprovante, as an HTTP answer in the caller's language (one table for every receipt route). */
export function refusalAnswer(refusal: ReceiptRefusal | TransferReceiptRefusal, t: Translator): { status: number; error: string; kind: ProblemKind } {
  switch (refusal.reason) {
    case "notPaid": {
      const key = `glossary.transferState.${refusal.state}` as Key;
      return { status: 409, kind: "conflict", error: t("receipts.errors.notPaid", { state: t.has(key) ? t(key) : refusal.state }) };
    }
    case "notCompleted": {
      const key = `glossary.paymentStatus.${refusal.status}` as Key;
      return { status: 409, kind: "conflict", error: t("receipts.errors.notCompleted", { status: t.has(key) ? t(key) : refusal.status }) };
    }
    case "noEndToEnd":
      return { status: 409, kind: "conflict", error: t("receipts.errors.noEndToEnd") };
    case "companyMissing":
      // The server's configuration, not the caller, is missing something.
      return { status: 503, kind: "not_configured", error: t("receipts.errors.companyMissing") };
  }
}
