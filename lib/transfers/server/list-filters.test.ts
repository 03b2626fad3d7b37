import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { costCentres, transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { brazilInstant } from "@/lib/pix/time";
import { transferListQuerySchema } from "../query";
import { insertRequests, listTransfers, type TransferListQuery } from "./store";
import { transferOf } from "../testing/fixtures";

/**
 * The /transfers filters on the store: each one alone, and together, with the count and the sum
 * of everything that matches (not only the page). Receiver search ignores accents and case and
 * finds a document by its digits.
 */
const ANA = { id: "maker-ana", email: "ana.lima@empresa.test" };
const BETO = { id: "maker-beto", email: "beto@empresa.test" };

type Seed = { name: string; document: string; cents: number; maker: typeof ANA; centre: "ti" | "rh" | null; created: string; batch?: boolean };
const SEEDS: Seed[] = [
  { name: "José Conceição", document: "39053344705", cents: 10_000, maker: ANA, centre: "ti", created: "2030-05-01T09:00" },
  { name: "JOSE CONCEICAO", document: "39053344705", cents: 25_000, maker: BETO, centre: "rh", created: "2030-05-02T23:59" },
  { name: "Maria Aparecida", document: "86288366757", cents: 5_000, maker: ANA, centre: null, created: "2030-05-03T00:00" },
  { name: "Padaria Pão Quente Ltda", document: "11222333000181", cents: 99_999, maker: BETO, centre: "ti", created: "2030-05-04T12:00" },
  { name: "Ana_Lima 100%", document: "52998224725", cents: 1_000, maker: ANA, centre: null, created: "2030-05-05T08:00" },
];

describe.each(TEST_ENGINES)("listTransfers filters on $name", (engine) => {
  let store: TestStore;
  const centre = { ti: randomUUID(), rh: randomUUID() };
  const ids = new Map<string, string>();
  beforeAll(async () => {
    store = await engine.open();
    await store.db.insert(costCentres).values([
      { id: centre.ti, code: "TI", name: "Tecnologia" },
      { id: centre.rh, code: "RH", name: "Pessoas" },
    ]);
    for (const [i, seed] of SEEDS.entries()) {
      const [created, time] = seed.created.split("T") as [string, string];
      const [row] = await store.db.transaction((tx) =>
        insertRequests(
          tx,
          [
            {
              transfer: transferOf(`filters-${i}`, seed.cents, { receiver_name: seed.name, receiver_document: seed.document }),
              maker: seed.maker,
              submittedBy: seed.maker,
              approvalsRequired: 0,
              expiresAt: null,
              costCentreId: seed.centre ? centre[seed.centre] : null,
              description: `Seed ${i}`,
            },
          ],
          brazilInstant(created, time)!,
        ),
      );
      ids.set(seed.name, row!.id);
    }
    // A state of its own for one of them.
    await store.db.update(transferRequests).set({ state: "paid" }).where(eq(transferRequests.id, ids.get("Maria Aparecida")!));
  });
  afterAll(() => store?.close());

  const names = async (q: TransferListQuery) => {
    const { transfers, meta } = await listTransfers(store.db, q);
    return { names: transfers.map((t) => t.receiver_name).sort(), total: meta.total, cents: meta.total_value_cents };
  };

  it("no filter: everything, with its count and sum", async () => {
    expect(await names({})).toMatchObject({ total: 5, cents: 140_999 });
  });

  it("receiver: the name accents and case aside, in either direction", async () => {
    for (const q of ["jose conceicao", "JOSÉ CONCEIÇÃO", "Conceição", "  jose   conceicao "]) {
      expect((await names({ receiver: q })).names, q).toEqual(["JOSE CONCEICAO", "José Conceição"]);
    }
    expect((await names({ receiver: "pao quente" })).names).toEqual(["Padaria Pão Quente Ltda"]);
  });

  it("receiver: a CPF or CNPJ by its digits, typed with or without punctuation", async () => {
    expect((await names({ receiver: "862.883.667-57" })).names).toEqual(["Maria Aparecida"]);
    expect((await names({ receiver: "11.222.333" })).names).toEqual(["Padaria Pão Quente Ltda"]);
  });

  it("receiver and maker: % and _ are text, not wildcards", async () => {
    expect((await names({ receiver: "100%" })).names).toEqual(["Ana_Lima 100%"]);
    expect((await names({ receiver: "a_l" })).names).toEqual(["Ana_Lima 100%"]);
    expect((await names({ maker: "%" })).total).toBe(0);
  });

  it("maker: part of the e-mail, case aside", async () => {
    expect(await names({ maker: "BETO@" })).toMatchObject({ names: ["JOSE CONCEICAO", "Padaria Pão Quente Ltda"], total: 2, cents: 124_999 });
  });

  it("cost centre: one, or none", async () => {
    expect((await names({ costCentre: centre.ti })).names).toEqual(["José Conceição", "Padaria Pão Quente Ltda"]);
    expect((await names({ costCentre: "none" })).names).toEqual(["Ana_Lima 100%", "Maria Aparecida"]);
  });

  it("amount range: both ends included", async () => {
    expect((await names({ minCents: 10_000, maxCents: 25_000 })).names).toEqual(["JOSE CONCEICAO", "José Conceição"]);
    expect((await names({ minCents: 99_999 })).names).toEqual(["Padaria Pão Quente Ltda"]);
    expect((await names({ maxCents: 1_000 })).names).toEqual(["Ana_Lima 100%"]);
  });

  it("created between Brazil days, both included (23:59 of the last day in, 00:00 of the next out)", async () => {
    expect((await names({ createdFrom: "2030-05-02", createdTo: "2030-05-02" })).names).toEqual(["JOSE CONCEICAO"]);
    expect((await names({ createdFrom: "2030-05-03" })).names).toEqual(["Ana_Lima 100%", "Maria Aparecida", "Padaria Pão Quente Ltda"]);
    expect((await names({ createdTo: "2030-05-01" })).names).toEqual(["José Conceição"]);
  });

  it("all together: each narrows the others; the totals follow the filters, not the page", async () => {
    const q: TransferListQuery = { maker: "ana", costCentre: centre.ti, receiver: "conceicao", minCents: 5_000, createdFrom: "2030-05-01", createdTo: "2030-05-31", state: ["approved"] };
    expect(await names(q)).toMatchObject({ names: ["José Conceição"], total: 1, cents: 10_000 });
    expect((await names({ ...q, state: ["paid"] })).total).toBe(0);
    const page = await listTransfers(store.db, { pageSize: 2, page: 2 });
    expect(page.transfers).toHaveLength(2);
    expect(page.meta).toMatchObject({ total: 5, total_pages: 3, total_value_cents: 140_999 });
  });

  it("receiver: names first seen together in one insert, one of them on two requests, are all found with their totals", async () => {
    const rows = [["Zélia Duarte", 700], ["ZELIA DUARTE", 300], ["Zuleica Duarte", 50]] as const;
    await store.db.transaction((tx) =>
      insertRequests(
        tx,
        rows.map(([name, cents], i) => ({
          transfer: transferOf(`filters-names-${i}`, cents, { receiver_name: name, receiver_document: "39053344705" }),
          maker: ANA,
          submittedBy: ANA,
          approvalsRequired: 0,
          expiresAt: null,
        })),
        brazilInstant("2030-06-01", "10:00")!,
      ),
    );
    expect(await names({ receiver: "duarte" })).toMatchObject({ names: ["ZELIA DUARTE", "Zuleica Duarte", "Zélia Duarte"], total: 3, cents: 1_050 });
    expect(await names({ receiver: "zélia" })).toMatchObject({ total: 2, cents: 1_000 });
    expect(await names({ receiver: "elia duar" })).toMatchObject({ total: 2, cents: 1_000 });
    // A document's digits still find every name written under it.
    expect((await names({ receiver: "390.533" })).total).toBe(5);
  });
});

describe("the list's query (GET /api/transfers)", () => {
  const parse = (query: Record<string, string>) => transferListQuerySchema.safeParse(query);
  const fields = (query: Record<string, string>) => {
    const r = parse(query);
    return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
  };

  it("reads the filters", () => {
    const r = parse({ maker: " ana ", receiver: "José", cost_centre: "none", min_cents: "100", max_cents: "2500", created_from: "2030-05-01", created_to: "2030-05-31" });
    expect(r.success && r.data).toMatchObject({ maker: "ana", receiver: "José", cost_centre: "none", min_cents: 100, max_cents: 2500 });
  });

  it("refuses what it cannot read, naming the field", () => {
    expect(fields({ min_cents: "12,50" })).toEqual(["min_cents"]);
    expect(fields({ min_cents: "500", max_cents: "100" })).toEqual(["max_cents"]);
    expect(fields({ created_from: "2030-02-30" })).toEqual(["created_from"]);
    expect(fields({ created_from: "2030-05-02", created_to: "2030-05-01" })).toEqual(["created_to"]);
    expect(fields({ cost_centre: "TI" })).toEqual(["cost_centre"]);
    expect(fields({ receiver: "x".repeat(101) })).toEqual(["receiver"]);
  });
});
