import { describe, expect, it } from "vitest";
import { listQrcodesParamsSchema } from "@/lib/contract";
import { findIgnoredQrcodeParams, loadQrcodesSearchParams, serializeQrcodesSearchParams, toQrcodeListParams } from "./qrcodes";

describe("the QR codes table's URL state", () => {
  it("reads the provider's own parameters and drops defaults when written back", () => {
    const values = loadQrcodesSearchParams(new URLSearchParams("status=paid&payer_name=Ana&page=2&registration_start_date=2026-11-01T00:00:00&registration_end_date=2026-11-30T23:59:59"));
    const params = toQrcodeListParams(values);
    expect(params).toEqual({ page: 2, status: "paid", payer_name: "Ana", registration_start_date: "2026-11-01T00:00:00", registration_end_date: "2026-11-30T23:59:59" });
    expect(listQrcodesParamsSchema.safeParse(params).success).toBe(true);
    expect(serializeQrcodesSearchParams({ ...values, page: 1 })).toBe(
      "?registration_start_date=2026-11-01T00:00:00&registration_end_date=2026-11-30T23:59:59&payer_name=Ana&status=paid",
    );
  });

  it("ignores values the provider would refuse, and says which", () => {
    const raw = new URLSearchParams("status=completed&payer_document=12.345&page=0&payment_start_date=2026-02-30T00:00:00&payment_end_date=2026-03-01T00:00:00&generator_name=Loja");
    const params = toQrcodeListParams(loadQrcodesSearchParams(raw));
    expect(params).toEqual({ page: 1, generator_name: "Loja" });
    expect(findIgnoredQrcodeParams(raw).map((i) => i.key).sort()).toEqual(["page", "payer_document", "payment_end_date", "payment_start_date", "status"]);
  });

  it("a date range with one end is left out whole (the provider answers 400 to it)", () => {
    const raw = { registration_start_date: "2026-11-01T00:00:00" };
    expect(toQrcodeListParams(loadQrcodesSearchParams(raw))).toEqual({ page: 1 });
    expect(findIgnoredQrcodeParams(raw)).toEqual([{ key: "registration_start_date", value: "2026-11-01T00:00:00" }]);
  });
});
