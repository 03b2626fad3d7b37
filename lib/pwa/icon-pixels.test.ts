import { readFileSync } from "node:fs";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { ICON_FILES, iconPng } from "./icon-pixels";
import { WEB_APP } from "./web-app";

describe("the app's icons", () => {
  it.each(ICON_FILES)("public/icons/$name is what icon-pixels.ts draws ($size px)", ({ name, size, maskable }) => {
    const committed = readFileSync(`public/icons/${name}`);
    expect(committed.equals(iconPng(size, maskable))).toBe(true);
    const png = PNG.sync.read(committed);
    expect([png.width, png.height]).toEqual([size, size]);
  });

  it("a maskable icon fills its square (launchers crop it) and keeps the mark inside the central 80 % circle", () => {
    const png = PNG.sync.read(iconPng(192, true));
    const at = (x: number, y: number) => Array.from(png.data.subarray((y * 192 + x) * 4, (y * 192 + x) * 4 + 4));
    expect(at(0, 0)).toEqual([0x0f, 0x76, 0x6e, 255]);
    expect(at(96, 96)).toEqual([255, 255, 255, 255]);
    // Outside the safe circle (radius 40 % of the side) only the tile's colour.
    const outside: string[] = [];
    for (let y = 0; y < 192; y++) {
      for (let x = 0; x < 192; x++) {
        if (Math.hypot(x + 0.5 - 96, y + 0.5 - 96) > 0.4 * 192 && at(x, y).join() !== "15,118,110,255") outside.push(`${x},${y}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it("the manifest names every file, 192 and 512 px, for any use and maskable", () => {
    const named = WEB_APP.icons.map((i) => i.src.replace("/icons/", ""));
    for (const file of ICON_FILES.filter((f) => f.name !== "apple-touch-icon.png")) expect(named).toContain(file.name);
    expect(WEB_APP.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(["192x192 any", "192x192 maskable", "512x512 any", "512x512 maskable"]);
  });
});
