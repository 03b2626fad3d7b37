import { describe, expect, it } from "vitest";
import {
  findIgnoredSearchParams,
  type ListParamProblem,
  loadPaymentsSearchParams,
  serializePaymentsSearchParams,
  toListParams,
} from "./payments";

describe("payments search params: valid values", () => {
  it("reads every provider parameter by its own name", () => {
    const values = loadPaymentsSearchParams(
      "?page=3&status=completed&receiver_name=Maria&receiver_document=123456&reference_code=REF-1" +
        "&end_to_end=E1823&registration_start_date=2026-01-01T00:00:00&registration_end_date=2026-01-31T23:59:59" +
        "&payment_start_date=2026-02-01T00:00:00&payment_end_date=2026-02-02T23:59:59",
    );
    expect(toListParams(values)).toEqual({
      page: 3,
      status: "completed",
      receiver_name: "Maria",
      receiver_document: "123456",
      reference_code: "REF-1",
      end_to_end: "E1823",
      registration_start_date: "2026-01-01T00:00:00",
      registration_end_date: "2026-01-31T23:59:59",
      payment_start_date: "2026-02-01T00:00:00",
      payment_end_date: "2026-02-02T23:59:59",
    });
    expect(findIgnoredSearchParams(new URLSearchParams("status=completed&page=3"))).toEqual([]);
  });

  it("starts at page 1 with no filters when the URL is empty", () => {
    expect(toListParams(loadPaymentsSearchParams(""))).toEqual({ page: 1 });
  });

  it("accepts a Next.js searchParams record (arrays take the first value)", () => {
    const values = loadPaymentsSearchParams({ status: ["sent", "completed"], receiver_name: "Ana" });
    expect(values.status).toBe("sent");
    expect(values.receiver_name).toBe("Ana");
  });
});

describe("payments search params: defaults are dropped from the URL", () => {
  it("leaves page 1 and empty filters out", () => {
    expect(serializePaymentsSearchParams({ page: 1, status: null, receiver_name: null })).toBe("");
    expect(serializePaymentsSearchParams({ page: 2, status: "sent" })).toBe("?page=2&status=sent");
  });

  it("round-trips a view through the URL", () => {
    const url = serializePaymentsSearchParams({
      page: 4,
      receiver_name: "José da Silva",
      registration_start_date: "2026-03-01T00:00:00",
      registration_end_date: "2026-03-31T23:59:59",
    });
    expect(toListParams(loadPaymentsSearchParams(url))).toEqual({
      page: 4,
      receiver_name: "José da Silva",
      registration_start_date: "2026-03-01T00:00:00",
      registration_end_date: "2026-03-31T23:59:59",
    });
  });
});

describe("payments search params: invalid values are ignored and named", () => {
  const cases: Array<[string, string, ListParamProblem]> = [
    ["page", "abc", { code: "pageNumber" }],
    ["page", "0", { code: "pageRange", max: 1_000_000 }],
    ["page", "12abc", { code: "pageNumber" }],
    ["status", "NOT VALID!", { code: "unknownStatus" }],
    ["receiver_document", "123.456", { code: "digitsOnly" }],
    ["receiver_document", "123456789012345", { code: "tooLong", max: 14 }],
    ["registration_start_date", "yesterday", { code: "dateShape" }],
    ["payment_end_date", "2026-02-30T00:00:00", { code: "notRealDate" }],
    ["registration_end_date", "2026-01-01T24:00:00", { code: "notRealDate" }],
    ["end_to_end", "E".repeat(33), { code: "tooLong", max: 32 }],
  ];
  it.each(cases)("%s=%s is dropped with a reason", (key, value, problem) => {
    const search = new URLSearchParams({ [key]: value });
    const values = loadPaymentsSearchParams(search);
    expect(values[key as keyof typeof values]).toBe(key === "page" ? 1 : null);
    const ignored = findIgnoredSearchParams(search);
    expect(ignored.map((i) => i.key)).toContain(key);
    expect(ignored.find((i) => i.key === key)?.problem).toEqual(problem);
  });

  it("keeps the valid values next to an invalid one", () => {
    const search = new URLSearchParams("status=sent&page=-1&receiver_name=Ana");
    expect(toListParams(loadPaymentsSearchParams(search))).toEqual({ page: 1, status: "sent", receiver_name: "Ana" });
    expect(findIgnoredSearchParams(search).map((i) => `${i.key}: ${i.value}`)).toEqual(["page: -1"]);
  });

  it("ignores whitespace-only values silently (an empty field)", () => {
    expect(findIgnoredSearchParams(new URLSearchParams("receiver_name=%20%20"))).toEqual([]);
    expect(loadPaymentsSearchParams("?receiver_name=%20").receiver_name).toBeNull();
  });
});

describe("payments search params: half date ranges", () => {
  it("drops a range with only a start, and says so", () => {
    const search = new URLSearchParams("registration_start_date=2026-01-01T00:00:00&status=sent");
    expect(toListParams(loadPaymentsSearchParams(search))).toEqual({ page: 1, status: "sent" });
    const [notice] = findIgnoredSearchParams(search);
    expect(notice?.key).toBe("registration_start_date");
    expect(notice?.problem).toEqual({ code: "rangeNeedsBoth", missing: "registration_end_date" });
  });

  it("drops a range whose other end is invalid, naming both problems", () => {
    const search = new URLSearchParams("payment_start_date=garbage&payment_end_date=2026-01-31T23:59:59");
    expect(toListParams(loadPaymentsSearchParams(search))).toEqual({ page: 1 });
    expect(findIgnoredSearchParams(search).map((i) => i.key)).toEqual(["payment_start_date", "payment_end_date"]);
  });

  it("keeps the other, complete range", () => {
    const search = new URLSearchParams(
      "payment_end_date=2026-01-31T23:59:59&registration_start_date=2026-01-01T00:00:00&registration_end_date=2026-01-02T00:00:00",
    );
    expect(toListParams(loadPaymentsSearchParams(search))).toEqual({
      page: 1,
      registration_start_date: "2026-01-01T00:00:00",
      registration_end_date: "2026-01-02T00:00:00",
    });
  });
});
