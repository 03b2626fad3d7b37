import { describe, expect, it } from "vitest";
import type { ListPaymentsAnswer } from "@/lib/contract/list";
import type { PaymentListItem } from "@/lib/contract/payment";
import { createPaymentsCsvStream, type CsvExportSummary } from "./payments-csv-stream";
import { readCsv } from "./read-csv";

function item(n: number): PaymentListItem {
  return {
    reference_code: `REF-${n}`,
    idempotent_id: `idem-${n}`,
    value_cents: n,
    pix_key_type: "email",
    pix_key: `p${n}@example.com`,
    receiver_name: `Receiver ${n}`,
    receiver_document: "12345678909",
    status: "completed",
    registration_date: "2026-03-01T09:15:02.123-03:00",
    payment_date: null,
    cancellation_date: null,
    cancellation_reason: null,
    end_to_end: null,
  };
}

/** A fake provider of `total` items, 100 a page, that counts calls in flight. */
function fakeProvider(total: number) {
  const pages = Math.ceil(total / 100);
  const state = { inFlight: 0, maxInFlight: 0, requested: [] as number[] };
  function answer(page: number): ListPaymentsAnswer {
    const from = (page - 1) * 100 + 1;
    const payments = Array.from({ length: Math.max(0, Math.min(100, total - from + 1)) }, (_, i) => item(from + i));
    const sum = (total * (total + 1)) / 2;
    return { payments, meta: { current_page: page, total_pages: pages, total_items_amount: total, total_value_cents: sum } };
  }
  async function fetchPage(page: number) {
    state.requested.push(page);
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    await new Promise((r) => setTimeout(r, 1));
    state.inFlight -= 1;
    return answer(page);
  }
  return { state, first: answer(1), fetchPage };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("payments CSV stream", () => {
  it("writes the header and every row of every page, once, in order", async () => {
    const provider = fakeProvider(250);
    let summary: CsvExportSummary | undefined;
    const text = await readAll(
      createPaymentsCsvStream({ first: provider.first, fetchPage: provider.fetchPage, onFinish: (s) => void (summary = s) }),
    );
    const rows = readCsv(text);
    expect(rows).toHaveLength(251);
    expect(rows.slice(1).map((r) => r[0])).toEqual(Array.from({ length: 250 }, (_, i) => `idem-${i + 1}`));
    expect(rows.slice(1).reduce((sum, r) => sum + Number(r[3]), 0)).toBe(provider.first.meta.total_value_cents);
    expect(provider.state.requested).toEqual([2, 3]);
    expect(provider.state.maxInFlight).toBe(1);
    expect(summary).toEqual({ rows: 250, pages: 3, completed: true });
  });

  it("writes just the header for an empty query", async () => {
    const first: ListPaymentsAnswer = {
      payments: [],
      meta: { current_page: 1, total_pages: 0, total_items_amount: 0, total_value_cents: 0 },
    };
    const text = await readAll(createPaymentsCsvStream({ first, fetchPage: () => Promise.reject(new Error("no")) }));
    expect(readCsv(text)).toHaveLength(1);
  });

  it("reads ahead at most one page: a slow reader does not make it fetch the whole query", async () => {
    const provider = fakeProvider(1000);
    const reader = createPaymentsCsvStream({ first: provider.first, fetchPage: provider.fetchPage }).getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 30));
    expect(provider.state.requested.length).toBeLessThanOrEqual(2);
    await reader.cancel();
  });

  it("reports a cancel with the rows written so far", async () => {
    const provider = fakeProvider(500);
    let summary: CsvExportSummary | undefined;
    const reader = createPaymentsCsvStream({
      first: provider.first,
      fetchPage: provider.fetchPage,
      onFinish: (s) => void (summary = s),
    }).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(summary).toEqual({ rows: 200, pages: 2, completed: false });
  });

  it("fails the stream when a later page fails, and says so", async () => {
    const provider = fakeProvider(300);
    let summary: CsvExportSummary | undefined;
    const stream = createPaymentsCsvStream({
      first: provider.first,
      fetchPage: (page) => (page === 3 ? Promise.reject(new Error("provider down")) : provider.fetchPage(page)),
      onFinish: (s) => void (summary = s),
    });
    await expect(readAll(stream)).rejects.toThrow("provider down");
    expect(summary?.completed).toBe(false);
    expect(summary?.rows).toBe(200);
  });
});
