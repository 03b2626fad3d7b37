import type { QueryClient } from "@tanstack/react-query";
import { balanceQuery } from "@/components/balance/balance-query";
import { alertQueries } from "@/lib/queries/alerts";
import { webhookEventQueries } from "@/lib/events/queries";
import { hasMembers } from "@/lib/domain/answer";
import { insightsQueries } from "@/lib/queries/insights";
import { paymentQueries, qrcodeQueries } from "@/lib/queries/payments";
import { batchQueries } from "@/lib/queries/batches";
import { transferQueries } from "@/lib/queries/transfers";
import { chargeQueries } from "@/lib/queries/charges";
import type { LiveEventName } from "./live-connection";
import { lookAgain } from "@/lib/queries/look-again";

/**
 * Turns live events into query invalidations: that payment's detail, every payments list, the
 * overview (insights) and the event log; a QR code delivery the provider's QR codes (list and
 * detail); a charge's change (the change feed's `charge.*`, sent after it was written) our
 * charges (lists, detail, aging, the overview's money in); a payment or transfer change the balance. Events are batched over a short window so a burst of
 * webhooks refetches each list once, not once per event. Only queries on screen refetch
 * (TanStack Query refetches active queries; the others are just marked stale).
 *
 * The data shown always comes from the provider: the webhook only says "look again".
 */
type LiveInvalidatorOptions = {
  delayMs?: number;
  /** Called per payment once its refetch settled (the flash then matches the new data). */
  onChanged?: (idempotentId: string) => void;
};

export function createLiveInvalidator(queryClient: QueryClient, o: LiveInvalidatorOptions = {}) {
  const delayMs = o.delayMs ?? 150;
  const changed = new Set<string>();
  let payments = false;
  let transfers = false;
  let qrcodes = false;
  let charges = false;
  let balance = false;
  let alerts = false;
  let log = false;
  let everything = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    timer = null;
    const ids = [...changed];
    changed.clear();
    const work: Promise<unknown>[] = [];
    if (everything) {
      work.push(
        lookAgain(queryClient, paymentQueries.all()),
        lookAgain(queryClient, insightsQueries.all()),
      );
    } else if (payments) {
      for (const id of ids) work.push(lookAgain(queryClient, paymentQueries.detail(id).queryKey));
      work.push(
        lookAgain(queryClient, paymentQueries.lists()),
        lookAgain(queryClient, insightsQueries.all()),
      );
    }
    if (log || everything) work.push(lookAgain(queryClient, webhookEventQueries.all()));
    // A batch is its rows: a transfer's change may change a batch's state and what waits for an approver.
    if (transfers || everything) work.push(lookAgain(queryClient, transferQueries.all()), lookAgain(queryClient, batchQueries.all()));
    if (qrcodes || everything) work.push(lookAgain(queryClient, qrcodeQueries.all()));
    if (charges || everything) work.push(lookAgain(queryClient, chargeQueries.all()));
    if (balance || everything) work.push(lookAgain(queryClient, balanceQuery.queryKey));
    if (alerts || everything) work.push(lookAgain(queryClient, alertQueries.all()));
    payments = transfers = qrcodes = charges = balance = alerts = log = everything = false;
    void Promise.allSettled(work).then(() => {
      for (const id of ids) o.onChanged?.(id);
    });
  };
  const schedule = () => {
    timer ??= setTimeout(flush, delayMs);
  };

  return {
    handle(name: LiveEventName, data: unknown): void {
      if (name === "resync") {
        everything = true;
        return schedule();
      }
      // A (re)connected stream: transfer and alert changes are not replayed, so look again.
      if (name === "ready") {
        transfers = alerts = true;
        return schedule();
      }
      if (name === "change") {
        if (hasMembers(data, { type: "string" }) && (data as { type: string }).type.startsWith("charge.")) {
          charges = balance = true;
          schedule();
        }
        return;
      }
      if (name === "alert") {
        alerts = true;
        return schedule();
      }
      if (name === "transfer") {
        // A registered transfer may have become a payment on screen too.
        if (hasMembers(data, { id: "string", state: "string" })) {
          transfers = balance = true;
          if ((data as { state: string }).state === "registered") payments = true;
          schedule();
        }
        return;
      }
      if (name !== "webhook" && name !== "webhook-repeat") return;
      // Our own server's stream (it stored the event): check the members used here, no zod.
      if (!hasMembers(data, { result: "string", idempotent_id: "nullable-string" })) return;
      log = true;
      const event = data as { result: string; idempotent_id: string | null; kind?: unknown };
      // A repeat changes nothing; a rejected delivery is not trusted: neither touches anything else.
      if (name === "webhook" && event.result === "accepted") {
        if (event.kind === "qrcode") qrcodes = true;
        else if (event.idempotent_id) {
          changed.add(event.idempotent_id);
          payments = true;
        }
        balance = true;
      }
      schedule();
    },
    dispose(): void {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
