import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alerts } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { calendar } from "@/lib/cash/projection";
import { brazilDayKey } from "@/lib/pix/time";
import { createTransfer } from "@/lib/transfers/server/create";
import { DEFAULT_POLICY } from "@/lib/transfers/policy";
import { MAKER, seedTestPeople, transferOf } from "@/lib/transfers/testing/fixtures";
import { evaluateAlerts } from "./raise";
import { getAlertSettings, ruleConfigOf } from "./settings";

/**
 * projected_shortfall: a scheduled day that sends more than the cash position projects is
 * raised once (however many runs see it), says the day and what is missing, and resolves by
 * itself once the projection recovers. What still awaits approval raises nothing.
 */
describe.each(TEST_ENGINES)("the projected shortfall alert, on $name", (engine) => {
  let store: TestStore;
  const now = new Date();
  const [, , , day3] = calendar(brazilDayKey(now), 4);
  let balanceCents = 4_000_00;
  const run = async () =>
    evaluateAlerts(store.db, { kind: "all" }, {
      now,
      config: ruleConfigOf(await getAlertSettings(store.db, 30)),
      portal: false,
      channels: { email: false, webhook: false, appUrl: "http://localhost:3000" },
      balance: async () => ({ availableCents: balanceCents, blockedCents: 0, totalCents: balanceCents }),
    });
  const live = () => store.db.select().from(alerts).where(and(eq(alerts.rule, "projected_shortfall"), isNull(alerts.resolvedAt)));

  beforeAll(async () => {
    store = await engine.open();
    await seedTestPeople(store.db);
    // R$ 4.800,00 scheduled in three days, no approval needed under this policy.
    await createTransfer(store.db, null, {
      transfer: transferOf(`short-${engine.name}`, 4_800_00, { pix_key: "aluguel@example.com", receiver_document: "11144477735" }),
      maker: MAKER,
      policy: { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 },
      payable: { scheduledFor: day3 },
    });
    // R$ 9.000,00 awaiting approval the same day: apart, it may be rejected.
    await createTransfer(store.db, null, {
      transfer: transferOf(`short-pending-${engine.name}`, 9_000_00, { pix_key: "obra@example.com", receiver_document: "39053344705" }),
      maker: MAKER,
      policy: DEFAULT_POLICY,
      payable: { scheduledFor: day3 },
    });
  });
  afterAll(() => store.close());

  it("raised once for the day, with what is missing; seen again, nothing new; resolved when the balance covers it", async () => {
    const first = await run();
    const raised = first.raised.filter((a) => a.rule === "projected_shortfall");
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ subjectType: "cash", subjectId: day3, facts: expect.objectContaining({ day: day3, missing_cents: 800_00 }) });

    expect((await run()).raised.filter((a) => a.rule === "projected_shortfall")).toHaveLength(0);
    expect(await live()).toHaveLength(1);

    balanceCents = 5_000_00;
    const later = await run();
    expect(later.resolved.map((a) => a.rule)).toContain("projected_shortfall");
    expect(await live()).toHaveLength(0);
  });
});
