import "server-only";
import type { Db } from "@/lib/db";
import type { AccountBalance } from "@/lib/payments-api";
import type { WebhookRegistration } from "@/lib/webhook-registration";
import type { Scope } from "./conditions";
import { deliverOne, dueDeliveries, type DeliveryResult, type Transports } from "./deliveries";
import { planNotices, recentSubjects } from "./notices";
import { evaluateAlerts, type Channels } from "./raise";
import { getAlertSettings, ruleConfigOf } from "./settings";

/**
 * What the alert queue's jobs do, with their clock and configuration given (tests drive `now`):
 * - subject: a transfer or batch changed: its alerts raised or resolved, its notices decided;
 * - tick (every minute, with the reconciler): every rule, the notices of the last hour again
 *   (what a lost wake-up left), and every delivery due that no job holds;
 * - deliver: one message sent, or its failure recorded with the next try.
 * Each returns the delivery ids to queue now.
 */
export type AlertWorkOptions = {
  db: Db;
  channels: Channels;
  transports: () => Promise<Transports>;
  attentionAfterMinutes: number;
  portal: boolean;
  balance?: () => Promise<AccountBalance>;
  expectedInPercent?: number;
  registration?: () => WebhookRegistration | undefined;
};

export type AlertWork = ReturnType<typeof alertWork>;

export function alertWork(o: AlertWorkOptions) {
  const config = async () => ruleConfigOf(await getAlertSettings(o.db, o.attentionAfterMinutes));
  const deps = async (now: Date) => ({ now, config: await config(), portal: o.portal, channels: o.channels });
  const notices = (subject: { kind: "transfer" | "batch"; id: string }, now: Date) =>
    o.channels.email ? planNotices(o.db, subject, { now, appUrl: o.channels.appUrl }) : Promise.resolve([]);

  return {
    subject(subject: Exclude<Scope, { kind: "all" }>, now = new Date()): Promise<number[]> {
      return this.subjects([subject], now);
    },
    /** Several subjects, each evaluated on its own, with the rules' settings read once. */
    async subjects(subjects: ReadonlyArray<Exclude<Scope, { kind: "all" }>>, now = new Date()): Promise<number[]> {
      const common = await deps(now);
      const ids: number[] = [];
      for (const subject of subjects) {
        const evaluation = await evaluateAlerts(o.db, subject, common);
        ids.push(...evaluation.deliveryIds, ...(await notices(subject, now)));
      }
      return ids;
    },
    async tick(now = new Date()): Promise<number[]> {
      const evaluation = await evaluateAlerts(o.db, { kind: "all" }, { ...(await deps(now)), balance: o.balance, registration: o.registration, expectedInPercent: o.expectedInPercent });
      const ids = [...evaluation.deliveryIds];
      for (const subject of await recentSubjects(o.db, now)) ids.push(...(await notices(subject, now)));
      for (const due of await dueDeliveries(o.db, now)) ids.push(due.id);
      return [...new Set(ids)];
    },
    async deliver(id: number, now = new Date()): Promise<DeliveryResult> {
      return deliverOne(o.db, id, await o.transports(), now);
    },
  };
}
