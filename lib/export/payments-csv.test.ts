import { describe, expect, it } from "vitest";
import type { PaymentListItem } from "@/lib/contract/payment";
import {
  CSV_BOM,
  PAYMENT_CSV_COLUMNS,
  neutralizeFormula,
  paymentCsvRecord,
  paymentsCsvHeader,
  paymentsCsvRows,
} from "./payments-csv";
import { createCsvLineCounter, readCsv } from "./read-csv";

function samplePayment(overrides: Partial<PaymentListItem> = {}): PaymentListItem {
  return {
    reference_code: "REF-0001",
    idempotent_id: "idem-0001",
    value_cents: 123456,
    pix_key_type: "phone",
    pix_key: "+5511987654321",
    receiver_name: "José da Silva, \"Zé\"",
    receiver_document: "12345678909",
    status: "completed",
    registration_date: "2026-03-01T09:15:02.123-03:00",
    payment_date: "2026-03-01T09:16:00.000-03:00",
    cancellation_date: null,
    cancellation_reason: null,
    end_to_end: "E18236120202603011215a1022c1tg10",
    ...overrides,
  };
}

describe("CSV row formatting", () => {
  it("writes amounts in cents and as a plain BRL decimal", () => {
    const decimal = (cents: number) => paymentCsvRecord(samplePayment({ value_cents: cents })).slice(3, 5);
    expect(decimal(123456)).toEqual(["123456", "1234.56"]);
    expect(decimal(5)).toEqual(["5", "0.05"]);
    expect(decimal(100)).toEqual(["100", "1.00"]);
  });

  it("puts every field in the header's order, dates as ISO 8601 and nulls as empty cells", () => {
    const record = paymentCsvRecord(samplePayment({ payment_date: null, end_to_end: null }));
    const byColumn = Object.fromEntries(PAYMENT_CSV_COLUMNS.map((c, i) => [c, record[i]]));
    expect(byColumn).toMatchObject({
      idempotent_id: "idem-0001",
      value_cents: "123456",
      value_brl: "1234.56",
      registration_date: "2026-03-01T09:15:02.123-03:00",
      payment_date: "",
      end_to_end: "",
      cancellation_reason: "",
      pix_key: "+5511987654321",
    });
    expect(record).toHaveLength(PAYMENT_CSV_COLUMNS.length);
  });

  it("starts the file with a UTF-8 BOM and the header row", () => {
    const header = paymentsCsvHeader();
    expect(header.startsWith(CSV_BOM)).toBe(true);
    expect(header.slice(1)).toBe(`${PAYMENT_CSV_COLUMNS.join(",")}\r\n`);
  });

  it("quotes commas, quotes and line breaks so a CSV reader gets the values back", () => {
    const text = paymentsCsvRows([
      samplePayment(),
      samplePayment({ idempotent_id: "idem-2", status: "canceled", cancellation_reason: "Line one\nline two" }),
    ]);
    const rows = readCsv(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.[5]).toBe('José da Silva, "Zé"');
    expect(rows[1]?.[13]).toBe("Line one\nline two");
    expect(paymentsCsvRows([])).toBe("");
  });

  it("keeps spreadsheet formulas from running, but leaves phone keys as they are", () => {
    expect(neutralizeFormula("=HYPERLINK(\"http://x\")")).toBe("'=HYPERLINK(\"http://x\")");
    expect(neutralizeFormula("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(neutralizeFormula("+1+cmd|' /C calc'!A0")).toBe("'+1+cmd|' /C calc'!A0");
    expect(neutralizeFormula("-2+3")).toBe("'-2+3");
    expect(neutralizeFormula("+5511987654321")).toBe("+5511987654321");
    expect(neutralizeFormula("Maria")).toBe("Maria");
  });
});

describe("reading our CSV back", () => {
  const text = paymentsCsvHeader() + paymentsCsvRows([
    samplePayment(),
    samplePayment({ idempotent_id: "idem-2", receiver_name: "A \"quoted\"\r\nname", value_cents: 1 }),
  ]);

  it("reads fields with quotes and line breaks, dropping the BOM", () => {
    const rows = readCsv(text);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.[0]).toBe("idempotent_id");
    expect(rows[2]?.[5]).toBe('A "quoted"\r\nname');
    expect(rows[2]?.[3]).toBe("1");
  });

  it("counts records as bytes arrive, whatever the chunk boundaries", () => {
    const bytes = new TextEncoder().encode(text);
    for (const size of [1, 2, 7, 64, bytes.length]) {
      const counter = createCsvLineCounter();
      for (let i = 0; i < bytes.length; i += size) counter.push(bytes.subarray(i, i + size));
      expect(counter.lines).toBe(3);
    }
  });
});
