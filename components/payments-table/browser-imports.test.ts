import { describe, expect, it } from "vitest";
import { browserGraph } from "@/lib/testing/import-graph";

/**
 * /payments has a JavaScript budget (issue 5: under 200 kB gzip; `npm run bench` measures it).
 * zod alone was 32 kB of it: the page reads our own /api answers by their members
 * (lib/domain/answer.ts) and checks URL values with the contract's rules as data
 * (lib/contract/list-rules.ts), so zod must not come back in through an import.
 */
const PAYMENTS_PAGE = [
  "app/layout.tsx",
  "app/providers.tsx",
  "app/(dashboard)/layout.tsx",
  "app/(dashboard)/payments/page.tsx",
  "app/(dashboard)/payments/loading.tsx",
  "app/(dashboard)/payments/error.tsx",
];

describe("the /payments page's browser code", () => {
  const graph = browserGraph(PAYMENTS_PAGE);

  it("reaches the explorer and its table (the walk itself works)", () => {
    expect(graph.modules).toContain("components/payments-table/payments-explorer.tsx");
    expect(graph.modules).toContain("lib/search-params/payments.ts");
    expect([...graph.packages.keys()]).toContain("@tanstack/react-table");
  });

  it("does not import zod, nor a module that sets zod up", () => {
    const zod = [...graph.packages].filter(([name]) => name === "zod" || name.startsWith("zod/"));
    expect(zod, `reached through ${zod.map(([, by]) => graph.pathTo(by)).join("; ")}`).toEqual([]);
    expect(graph.modules).not.toContain("lib/zod-config.ts");
  });

  it("does not carry server-only modules", () => {
    expect(graph.packages.get("server-only")).toBeUndefined();
  });
});
