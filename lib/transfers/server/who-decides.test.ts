import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvals, credentialHolders, serviceAccounts, transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { insertRequests } from "./store";
import { newIdempotentId, transferOf } from "../testing/fixtures";
import { awaitsDecisionOfSql, decisionRefusal, holdersOf, makerLink } from "./who-decides";

/**
 * "Who may decide" is one rule read two ways: `decisionRefusal` for one request (the approve
 * route), and `awaitsDecisionOfSql` for the lists (the inbox, the header's count). Both are run
 * on the same table of cases; a case where they disagree is a request the inbox shows and the
 * route refuses (or worse, hides and accepts).
 */
const SA = "sa_erp-test";
const NOW = new Date("2026-12-02T15:00:00Z");

type Case = {
  what: string;
  maker: string;
  submittedBy?: string;
  person: string;
  state?: "awaiting_approval" | "approved";
  expiresAt?: Date | null;
  approvedBy?: { person: string; voided?: boolean };
  may: boolean;
  link?: ReturnType<typeof makerLink>;
};

const CASES: Case[] = [
  { what: "another person, awaiting", maker: "ana", person: "bia", may: true },
  { what: "the maker", maker: "ana", person: "ana", may: false, link: "maker" },
  { what: "the submitter of an operator's request", maker: "ana", submittedBy: "caio", person: "caio", may: false, link: "submitter" },
  { what: "who asked for the token that made it", maker: SA, person: "asker", may: false, link: "credential_holder" },
  { what: "who confirmed (and was shown) the token that made it", maker: SA, person: "confirmer", may: false, link: "credential_holder" },
  { what: "a holder of the token that submitted it", maker: "ana", submittedBy: SA, person: "asker", may: false, link: "credential_holder" },
  { what: "a person with no token of that account", maker: SA, person: "bia", may: true },
  { what: "a service account itself", maker: "ana", person: "sa_other", may: false },
  { what: "already approved by them", maker: "ana", person: "bia", approvedBy: { person: "bia" }, may: false },
  { what: "their approval was voided: they may approve again", maker: "ana", person: "bia", approvedBy: { person: "bia", voided: true }, may: true },
  { what: "approved by someone else only", maker: "ana", person: "bia", approvedBy: { person: "davi" }, may: true },
  { what: "past its deadline, before the reconciler expired it", maker: "ana", person: "bia", expiresAt: new Date(NOW.getTime() - 1), may: false },
  { what: "deadline exactly now", maker: "ana", person: "bia", expiresAt: NOW, may: false },
  { what: "deadline a second ahead", maker: "ana", person: "bia", expiresAt: new Date(NOW.getTime() + 1_000), may: true },
  { what: "no longer awaiting approval", maker: "ana", person: "bia", state: "approved", may: false },
];

describe.each(TEST_ENGINES)("who may decide, as a rule and as SQL, on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    await store.db.insert(serviceAccounts).values({ id: SA, name: "ERP", role: "operator", createdById: "admin", createdByEmail: "admin@x.test" });
    await store.db.insert(credentialHolders).values([
      { id: "h1", serviceAccountId: SA, tokenId: "t1", personId: "asker", personEmail: "asker@x.test", how: "asked" },
      { id: "h2", serviceAccountId: SA, tokenId: "t1", personId: "confirmer", personEmail: "confirmer@x.test", how: "confirmed" },
    ]);
  });
  afterAll(() => store?.close());

  it.each(CASES)("$what: may decide = $may", async (c) => {
    const person = (id: string) => ({ id, email: `${id}@x.test` });
    const [row] = await store.db.transaction((tx) =>
      insertRequests(
        tx,
        [
          {
            transfer: transferOf(newIdempotentId("who")),
            maker: person(c.maker),
            submittedBy: person(c.submittedBy ?? c.maker),
            approvalsRequired: 2,
            expiresAt: c.expiresAt === undefined ? new Date(NOW.getTime() + 3_600_000) : c.expiresAt,
          },
        ],
        NOW,
      ),
    );
    if (c.state) await store.db.update(transferRequests).set({ state: c.state }).where(eq(transferRequests.id, row!.id));
    if (c.approvedBy) {
      await store.db.insert(approvals).values({ transferId: row!.id, approverId: c.approvedBy.person, approverEmail: "x@x.test", voidedAt: c.approvedBy.voided ? NOW : null });
    }
    const [stored] = await store.db.select().from(transferRequests).where(eq(transferRequests.id, row!.id));
    const holders = await holdersOf(store.db, [stored!.makerId, stored!.submittedById]);

    // The rule, for one request: the approval of this very person is the only thing it does not read.
    const mine = c.approvedBy && c.approvedBy.person === c.person && !c.approvedBy.voided;
    const byRule = decisionRefusal(stored!, person(c.person), NOW, holders) === null && !mine;
    // The SQL the lists are built from.
    const bySql = (await store.db.select({ id: transferRequests.id }).from(transferRequests).where(and(eq(transferRequests.id, row!.id), awaitsDecisionOfSql(c.person, NOW)))).length === 1;

    expect({ rule: byRule, sql: bySql }).toEqual({ rule: c.may, sql: c.may });
    if (c.link !== undefined) expect(makerLink(stored!, c.person, holders)).toBe(c.link);
  });
});
