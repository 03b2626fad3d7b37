import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import nextConfig from "@/next.config";

/**
 * "DEP0005 Buffer() is deprecated" in the server's log came from exceljs's streaming writer
 * (archiver 5 -> archiver-utils 2: `new Buffer(string)`), bundled into the server by Next.js.
 * Node warns about that call only from code outside node_modules, so exceljs stays a package Node
 * loads itself (serverExternalPackages). The export's writer runs here as the server runs it.
 */
const ROOT = join(import.meta.dirname, "..", "..");

it("the xlsx writer, loaded from node_modules as the server loads it, prints no DEP0005", () => {
  expect(nextConfig.serverExternalPackages).toContain("exceljs");
  const dir = mkdtempSync(join(tmpdir(), "pix-dep-"));
  try {
    const script = join(dir, "write.cjs");
    writeFileSync(
      script,
      `const ExcelJS = require(${JSON.stringify(join(ROOT, "node_modules", "exceljs"))});
const { PassThrough } = require("node:stream");
const sink = new PassThrough(); sink.resume();
const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink });
wb.addWorksheet("a").addRow(["x", 1]).commit();
wb.commit().then(() => console.log("written"));`,
    );
    const run = spawnSync(join(ROOT, "node_modules", ".bin", "node"), [script], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    expect(run.stdout.trim()).toBe("written");
    expect(run.stderr).not.toContain("DEP0005");
    // The same call from code outside node_modules (a bundle) is what printed it.
    const bundled = spawnSync(join(ROOT, "node_modules", ".bin", "node"), ["-e", "new Buffer('x')"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    expect(bundled.stderr).toContain("DEP0005");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
