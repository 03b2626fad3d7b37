import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MASK_ICONS, maskIconsCss } from "./mask-icons-css";

describe("app/icons.css (mask icons for the table rows)", () => {
  it("is what lucide's current icon data gives: regenerate with `npx tsx scripts/icons-css.ts`", async () => {
    expect(readFileSync(new URL("../../app/icons.css", import.meta.url), "utf8")).toBe(await maskIconsCss());
  });

  it("has a drawing for every icon name the components may use", async () => {
    const css = await maskIconsCss();
    for (const name of Object.keys(MASK_ICONS)) expect(css).toMatch(new RegExp(`\\.icon-${name} \\{ --icon: url\\("data:image/svg\\+xml,%3Csvg[^"]+%3C(path|rect|circle|polyline)`));
  });

  it("draws a copied copy button's icon as the check", async () => {
    const css = await maskIconsCss();
    const check = css.match(/\.icon-check \{ --icon: (url\("[^"]+"\)); \}/)?.[1];
    expect(check).toBeDefined();
    expect(css).toContain(`[data-copied] > .icon-copy { --icon: ${check}; }`);
  });
});
