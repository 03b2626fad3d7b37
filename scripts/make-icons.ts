import { mkdirSync, writeFileSync } from "node:fs";
import { ICON_FILES, iconPng } from "../lib/pwa/icon-pixels";

// Writes the web app manifest's icons to public/icons/ (committed; lib/pwa/icon-pixels.test.ts
// fails when they differ from what lib/pwa/icon-pixels.ts draws). Run after changing the drawing.
mkdirSync("public/icons", { recursive: true });
for (const icon of ICON_FILES) writeFileSync(`public/icons/${icon.name}`, iconPng(icon.size, icon.maskable));
console.log(`wrote ${ICON_FILES.length} icons to public/icons/`);
