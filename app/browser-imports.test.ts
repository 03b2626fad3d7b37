import { describe, expect, it } from "vitest";
import { browserGraph } from "@/lib/testing/import-graph";

/**
 * Pages that only read ship no zod (32 kB gzip): the server parsed every provider answer with the
 * contract schemas already, so the browser reads our own /api answers by their members
 * (lib/domain/answer.ts) and checks URL values with rules kept as data (lib/contract/list-rules.ts,
 * lib/insights/options.ts). /payments has a JavaScript budget (under 200 kB gzip,
 * measured by `npm run bench`). The register form keeps zod: it shares its schema with its route.
 */
const ROOT = ["app/layout.tsx", "app/providers.tsx"];
const DASHBOARD = [...ROOT, "app/(dashboard)/layout.tsx"];
const READ_ONLY_PAGES: Record<string, string[]> = {
  "/": [...DASHBOARD, "app/(dashboard)/page.tsx"],
  "/payments": [...DASHBOARD, "app/(dashboard)/payments/(list)/page.tsx", "app/(dashboard)/payments/(list)/loading.tsx", "app/(dashboard)/payments/error.tsx"],
  "/payments/[idempotent_id]": [...DASHBOARD, "app/(dashboard)/payments/[idempotent_id]/page.tsx"],
  "/qrcodes/[end_to_end]": [...DASHBOARD, "app/(dashboard)/qrcodes/[end_to_end]/page.tsx"],
  "/statement": [...DASHBOARD, "app/(dashboard)/statement/page.tsx", "app/(dashboard)/statement/loading.tsx", "app/(dashboard)/statement/error.tsx"],
  "/events": [...DASHBOARD, "app/(dashboard)/events/page.tsx"],
  "/audit": [...DASHBOARD, "app/(dashboard)/audit/page.tsx"],
  "/login": [...ROOT, "app/login/page.tsx"],
};

describe("the browser code of pages that only read", () => {
  it("reaches each page's client components (the walk itself works)", () => {
    const payments = browserGraph(READ_ONLY_PAGES["/payments"]!);
    expect(payments.modules).toContain("components/payments-table/payments-explorer.tsx");
    expect(payments.modules).toContain("lib/search-params/payments.ts");
    expect([...payments.packages.keys()]).toContain("@tanstack/react-table");
    const overview = browserGraph(READ_ONLY_PAGES["/"]!);
    expect(overview.modules).toContain("components/insights/chart-data.ts");
    expect([...overview.packages.keys()]).toContain("recharts");
    // And it does see zod where a page has it: the register form.
    const register = browserGraph([...DASHBOARD, "app/(dashboard)/payments/new/page.tsx"]);
    expect([...register.packages.keys()]).toContain("zod");
  });

  for (const [page, entries] of Object.entries(READ_ONLY_PAGES)) {
    it(`${page}: no zod, nor a module that sets zod up, nor server-only code`, () => {
      const graph = browserGraph(entries);
      const zod = [...graph.packages].filter(([name]) => name === "zod" || name.startsWith("zod/"));
      expect(zod, `reached through ${zod.map(([, by]) => graph.pathTo(by)).join("; ")}`).toEqual([]);
      expect(graph.modules).not.toContain("lib/zod-config.ts");
      expect(graph.packages.get("server-only")).toBeUndefined();
    });
  }
});
