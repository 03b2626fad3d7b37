import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateAlerts } from "@/lib/alerts/raise";
import { getAlertSettings, ruleConfigOf } from "@/lib/alerts/settings";
import { charges } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { brazilInstant } from "@/lib/pix/time";
import { chargeAging } from "./aging";
import { chargeExpiresAt } from "./due-date";
import type { ChargeState } from "./states";

/** The injected clock: noon of 15/03/2026 in Brazil. */
const NOW = brazilInstant("2026-03-15", "12:00")!;

let n = 0;
function row(state: ChargeState, dueDate: string, valueCents: number, paid?: { at: Date; cents: number }) {
  const id = `aging-${++n}`;
  return {
    id,
    externalReference: `NF-aging-${n}`,
    kind: "qrcode",
    valueCents,
    payerName: "Mercado São João Ltda",
    payerKey: "mercado sao joao ltda",
    payerDocument: "11444777000161",
    dueDate,
    expiresAt: chargeExpiresAt(dueDate),
    state,
    makerId: "operator-1",
    makerEmail: "operator@test.example",
    createdAt: brazilInstant("2026-01-02", "09:00")!,
    ...(paid ? { paidAt: paid.at, paidValueCents: paid.cents } : {}),
  };
}

describe.each(TEST_ENGINES)("charge aging on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    await store.db.insert(charges).values([
      row("awaiting_payment", "2026-03-15", 1_000),
      row("creating", "2026-03-15", 500),
      row("paid", "2026-03-15", 700, { at: brazilInstant("2026-03-15", "09:00")!, cents: 700 }),
      row("expired", "2026-03-10", 2_000),
      row("awaiting_payment", "2026-03-14", 300),
      // Due more than 30 days ago: old news, not overdue any more.
      row("expired", "2026-02-10", 9_000),
      row("withdrawn", "2026-03-01", 4_000),
      row("error", "2026-03-12", 6_000),
      // Paid at 23:00 of 28/02 in Brazil (already March in UTC): last month.
      row("paid", "2026-02-28", 5_000, { at: brazilInstant("2026-02-28", "23:00")!, cents: 5_000 }),
      // Paid at 00:30 of 01/03 in Brazil, less than asked: this month, what was paid.
      row("paid", "2026-02-27", 900, { at: brazilInstant("2026-03-01", "00:30")!, cents: 850 }),
      row("awaiting_payment", "2026-03-20", 7_000),
    ]);
  });
  afterAll(() => store?.close());

  it("counts due today, overdue and paid this month (Brazil days and month) in one answer", async () => {
    expect(await chargeAging(store.db, NOW)).toEqual({
      as_of: "2026-03-15",
      due_today: { count: 2, value_cents: 1_500 },
      overdue: { count: 2, value_cents: 2_300, oldest_due_date: "2026-03-10" },
      paid_this_month: { count: 2, value_cents: 1_550 },
    });
  });

  it("raises one charges_overdue alert at N or more, with the figures; none under N; resolved when nothing is overdue", async () => {
    const config = ruleConfigOf(await getAlertSettings(store.db, 30));
    const deps = (now: Date, threshold = 1) => ({
      now,
      config: { ...config, charges_overdue: { ...config.charges_overdue, threshold } },
      portal: false,
      channels: { email: false, webhook: false, appUrl: "http://localhost:3000" },
    });
    const quiet = await evaluateAlerts(store.db, { kind: "all" }, deps(NOW, 3));
    expect(quiet.raised.filter((a) => a.rule === "charges_overdue")).toEqual([]);

    const first = await evaluateAlerts(store.db, { kind: "all" }, deps(NOW));
    const raised = first.raised.filter((a) => a.rule === "charges_overdue");
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ subjectType: "charges", subjectId: "overdue", facts: { count: 2, value_cents: 2_300, day: "2026-03-10", threshold: 1 } });
    const again = await evaluateAlerts(store.db, { kind: "all" }, deps(NOW));
    expect(again.raised.filter((a) => a.rule === "charges_overdue")).toEqual([]);

    // Seven weeks later every one of them is older than the window: the condition is over.
    const later = await evaluateAlerts(store.db, { kind: "all" }, deps(brazilInstant("2026-05-05", "12:00")!));
    expect(later.resolved.filter((a) => a.rule === "charges_overdue")).toHaveLength(1);
  });
});
