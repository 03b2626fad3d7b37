import { describe, expect, it } from "vitest";
import { programGraph } from "@/lib/testing/import-graph";

/**
 * The CLI runs under Node's "react-server" condition, where React has no hooks: any React or
 * i18n module it loaded crashed it at start ("react does not provide an export named
 * useEffect", from use-intl). It must need nothing but Node, the store and the auth hashing.
 */
describe("npm run users: what it loads", () => {
  const graph = programGraph("lib/users-cli/main.ts");

  it("reaches every command (the walk sees the dynamic import of run.ts)", () => {
    expect(graph.modules).toEqual(expect.arrayContaining(["lib/users-cli/run.ts", "lib/users-cli/commands/add.ts", "lib/db/users.ts"]));
  });

  it("imports no React, Next.js or i18n package", () => {
    const forbidden = [...graph.packages.keys()].filter((pkg) => /^(react|react-dom|next|next-intl|use-intl)(\/|$)/.test(pkg));
    expect(forbidden.map((pkg) => `${pkg} from ${graph.pathTo(graph.packages.get(pkg)!)}`)).toEqual([]);
  });

  it("imports no screen, message or translation module of ours", () => {
    const screens = graph.modules.filter((m) => /^(app|components|messages)\/|^lib\/i18n\//.test(m));
    expect(screens.map(graph.pathTo)).toEqual([]);
  });
});
