import { describe, expect, it } from "vitest";
import type { ExportColumn, ExportFormat } from "./columns";
import { createExportStream, pagedRows, type ExportSummary } from "./export-stream";
import { readCsv } from "./read-csv";

type Row = { id: string; cents: number };
const columns: ExportColumn<Row>[] = [
  { key: "id", header: "ID", type: "text", width: 12, value: (r) => r.id },
  { key: "value", header: "Valor", type: "money", width: 12, value: (r) => r.cents },
];

/** A fake paged source of `total` rows, 100 a page, that counts calls in flight. */
function fakeSource(total: number, failOn?: number) {
  const pages = Math.ceil(total / 100);
  const state = { inFlight: 0, maxInFlight: 0, requested: [] as number[] };
  const rowsOf = (page: number): Row[] => {
    const from = (page - 1) * 100 + 1;
    return Array.from({ length: Math.max(0, Math.min(100, total - from + 1)) }, (_, i) => ({ id: `id-${from + i}`, cents: from + i }));
  };
  async function fetchPage(page: number) {
    state.requested.push(page);
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    await new Promise((r) => setTimeout(r, 1));
    state.inFlight -= 1;
    if (page === failOn) throw new Error("provider down");
    return rowsOf(page);
  }
  return { state, next: pagedRows(rowsOf(1), pages, fetchPage) };
}

function exportOf(format: ExportFormat, total: number, failOn?: number) {
  const source = fakeSource(total, failOn);
  let summary: ExportSummary | undefined;
  const stream = createExportStream({ format, columns, next: source.next, onFinish: (s) => void (summary = s) });
  return { stream, source, summary: () => summary };
}

describe.each(["csv", "xlsx"] as const)("%s export stream", (format) => {
  it("writes every page once, in order, one provider call at a time, and says it completed", async () => {
    const run = exportOf(format, 250);
    const bytes = new Uint8Array(await new Response(run.stream).arrayBuffer());
    expect(bytes.length).toBeGreaterThan(0);
    if (format === "csv") {
      const rows = readCsv(new TextDecoder().decode(bytes));
      expect(rows).toHaveLength(251);
      expect(rows.slice(1).map((r) => r[0])).toEqual(Array.from({ length: 250 }, (_, i) => `id-${i + 1}`));
    }
    expect(run.source.state.requested).toEqual([2, 3]);
    expect(run.source.state.maxInFlight).toBe(1);
    expect(run.summary()).toEqual({ rows: 250, pages: 3, completed: true });
  });

  it("writes just the header for an empty query", async () => {
    const run = exportOf(format, 0);
    const bytes = await new Response(run.stream).arrayBuffer();
    if (format === "csv") expect(readCsv(new TextDecoder().decode(bytes))).toEqual([["ID", "Valor"]]);
    expect(run.summary()).toEqual({ rows: 0, pages: 0, completed: true });
  });

  it("fails the stream when a later page fails, and says so with the rows written", async () => {
    const run = exportOf(format, 300, 3);
    await expect(new Response(run.stream).arrayBuffer()).rejects.toThrow("provider down");
    expect(run.summary()).toMatchObject({ completed: false, rows: 200 });
    expect(run.summary()?.error).toBeInstanceOf(Error);
  });

  it("reports a cancel, and stops asking for pages", async () => {
    const run = exportOf(format, 5_000);
    const reader = run.stream.getReader();
    await reader.read();
    await reader.cancel();
    const asked = run.source.state.requested.length;
    await new Promise((r) => setTimeout(r, 30));
    expect(run.source.state.requested.length).toBeLessThanOrEqual(asked + 1);
    expect(run.summary()?.completed).toBe(false);
  });

  it("stops reading pages while the reader waits", async () => {
    const run = exportOf(format, 100_000);
    const reader = run.stream.getReader();
    await reader.read();
    // Let it fill what it may hold, then check that it stands still.
    let before = -1;
    while (before !== run.source.state.requested.length) {
      before = run.source.state.requested.length;
      await new Promise((r) => setTimeout(r, 250));
    }
    // CSV: one page written, one fetched ahead. XLSX: what fills the zip's output buffer
    // (64 kB of compressed sheet: far fewer than the 1,000 pages there are).
    expect(run.source.state.requested.length).toBeLessThanOrEqual(format === "csv" ? 2 : 300);
    await reader.cancel();
  });
});
