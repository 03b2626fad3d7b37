import { describe, expect, it } from "vitest";
import { END_TO_END_RE, decodeBrCode, isValidDocument, pixKeyError } from "@/lib/pix";
import { fixturePayments, SANDBOX_FIXTURES } from "./fixtures";
import { generateSeededPayments } from "./seed-payments";
import { generateSeededQrcodes } from "./seed-qrcodes";

const anchor = Date.parse("2026-11-21T15:00:00.000Z");
const rows = generateSeededPayments({ seed: 42, count: 20_000, anchor });

describe("seeded history", () => {
  it("is deterministic for a seed and anchor, and differs with the seed", () => {
    const again = generateSeededPayments({ seed: 42, count: 500, anchor });
    expect(generateSeededPayments({ seed: 42, count: 500, anchor })).toEqual(again);
    const other = generateSeededPayments({ seed: 7, count: 500, anchor });
    expect(other.map((r) => r.idempotent_id)).not.toEqual(again.map((r) => r.idempotent_id));
  });

  it("has unique ids and every status in realistic shares", () => {
    expect(new Set(rows.map((r) => r.idempotent_id)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.reference_code)).size).toBe(rows.length);
    const share = (s: string) => rows.filter((r) => r.status === s).length / rows.length;
    expect(share("completed")).toBeGreaterThan(0.77);
    expect(share("completed")).toBeLessThan(0.83);
    for (const s of ["canceled", "authorization_pending", "sent", "auto_authorization"]) expect(share(s)).toBeGreaterThan(0.005);
  });

  it("uses valid documents (a few alphanumeric CNPJs) and valid keys of every type", () => {
    const badDocs = rows.filter((r) => !isValidDocument(r.receiver_document));
    const badKeys = rows.filter((r) => r.pix_key !== null && pixKeyError(r.pix_key_type, r.pix_key) !== null);
    expect(badDocs).toEqual([]);
    expect(badKeys).toEqual([]);
    expect(rows.some((r) => /[A-Z]/.test(r.receiver_document))).toBe(true);
    expect(new Set(rows.map((r) => r.pix_key_type))).toEqual(new Set(["cpf", "cnpj", "phone", "email", "token"]));
    expect(rows.some((r) => r.pix_key === null)).toBe(true);
  });

  it("dates agree with statuses", () => {
    const problems = rows.filter(
      (r) =>
        r.registeredAt > anchor ||
        r.registeredAt <= anchor - 91 * 86_400_000 ||
        (r.paidAt !== null) !== (r.status === "completed") ||
        (r.canceledAt !== null) !== (r.status === "canceled") ||
        (r.cancellation_reason !== null) !== (r.status === "canceled") ||
        (r.paidAt !== null && r.paidAt < r.registeredAt) ||
        (["completed", "sent"].includes(r.status) && !END_TO_END_RE.test(r.end_to_end ?? "")) ||
        (["authorization_pending", "auto_authorization"].includes(r.status) && r.end_to_end !== null),
    );
    expect(problems).toEqual([]);
    const canceled = rows.filter((r) => r.status === "canceled");
    expect(canceled.some((r) => r.end_to_end)).toBe(true);
    expect(canceled.some((r) => !r.end_to_end)).toBe(true);
  });

  it("is busiest in Brazilian business hours and on weekdays", () => {
    const local = rows.map((r) => new Date(r.registeredAt - 3 * 3_600_000));
    const business = local.filter((d) => d.getUTCHours() >= 8 && d.getUTCHours() < 19).length;
    expect(business / rows.length).toBeGreaterThan(0.65);
    const weekend = local.filter((d) => d.getUTCDay() === 0 || d.getUTCDay() === 6).length;
    expect(weekend / rows.length).toBeLessThan(0.2);
  });

  it("spreads amounts from R$ 1 to R$ 50.000 with a long tail", () => {
    const values = rows.map((r) => r.value_cents).sort((a, b) => a - b);
    expect(values[0]).toBeGreaterThanOrEqual(100);
    expect(values[values.length - 1]).toBeLessThanOrEqual(5_000_000);
    const median = values[Math.floor(values.length / 2)]!;
    expect(median).toBeGreaterThan(5_000);
    expect(median).toBeLessThan(40_000);
    expect(values.filter((v) => v > 1_000_000).length).toBeGreaterThan(10);
  });
});

describe("seeded QR codes", () => {
  const qrs = generateSeededQrcodes(42, rows);

  it("link to payments with an end_to_end, in all four statuses", () => {
    const byE2e = new Map(rows.map((r) => [r.end_to_end, r]));
    for (const q of qrs) expect(byE2e.get(q.end_to_end)?.value_cents).toBe(q.value_cents);
    expect(new Set(qrs.map((q) => q.status))).toEqual(new Set(["paid", "awaiting_payment", "canceled", "error"]));
    expect(qrs.length).toBeGreaterThan(rows.length * 0.05);
  });

  it("carry BR Codes with a correct CRC, but for a few", () => {
    const decoded = qrs.map((q) => decodeBrCode(q.content));
    const bad = decoded.filter((d) => !d.crc.valid).length;
    expect(bad).toBeGreaterThan(0);
    expect(bad / qrs.length).toBeLessThan(0.02);
    const wrong = decoded.filter((d, i) => qrs[i]!.content.length > 255 || d.amountCents !== qrs[i]!.value_cents);
    expect(wrong).toEqual([]);
  });
});

describe("fixtures", () => {
  it("have well-formed ids, valid documents and the documented QR codes", () => {
    const { payments, qrcodes } = fixturePayments(0);
    expect(payments).toHaveLength(Object.keys(SANDBOX_FIXTURES).length);
    for (const p of payments) {
      expect(isValidDocument(p.receiver_document)).toBe(true);
      if (p.end_to_end) expect(p.end_to_end).toMatch(END_TO_END_RE);
    }
    const crc = new Map(qrcodes.map((q) => [q.end_to_end, decodeBrCode(q.content).crc.valid]));
    expect(crc.get(SANDBOX_FIXTURES.completedWithQr.endToEnd)).toBe(true);
    expect(crc.get(SANDBOX_FIXTURES.badCrcPaid.endToEnd)).toBe(false);
    expect(crc.get(SANDBOX_FIXTURES.badCrcAwaiting.endToEnd)).toBe(false);
    expect(crc.has(SANDBOX_FIXTURES.completedNoQr.endToEnd)).toBe(false);
  });
});
