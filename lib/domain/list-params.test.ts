import { describe, expect, it } from "vitest";
import { checkPageParam, MAX_LIST_PAGE } from "@/lib/contract/list-rules";
import { paymentsListQuerySchema, storePageSchema } from "./list-params";
import { isStorePage, MAX_STORE_PAGE } from "./pages";

describe("page rules", () => {
  it("the API's strict page takes exactly what the /payments URL parser takes", () => {
    for (const page of ["1", "7", "007", String(MAX_LIST_PAGE), String(MAX_LIST_PAGE + 1), "0", "-1", "1e3", "0x10", " 5", "abc"]) {
      expect(paymentsListQuerySchema.safeParse({ page }).success, page).toBe(checkPageParam(page) === null);
    }
    expect(paymentsListQuerySchema.parse({ page: String(MAX_LIST_PAGE), status: "completed" })).toEqual({ page: MAX_LIST_PAGE, status: "completed" });
  });

  it("our own lists' page: the query schema and the URL parser agree, up to MAX_STORE_PAGE", () => {
    const schema = storePageSchema();
    for (const page of ["1", "42", String(MAX_STORE_PAGE), String(MAX_STORE_PAGE + 1), "0", "-3", "1.5", "abc"]) {
      expect(schema.safeParse(page).success, page).toBe(isStorePage(page));
    }
    expect(schema.parse(undefined)).toBe(1);
  });
});
