import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES } from "@/lib/env-variables";

/**
 * What docs/DEPLOY.md and deploy/ give a company must match the code: every setting lib/env-variables.ts
 * reads is in the guide's table and the example environment file, and the systemd unit is one
 * systemd accepts.
 */
const ROOT = join(import.meta.dirname, "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

describe("the deployment guide", () => {
  const tableRows = read("docs/DEPLOY.md")
    .split("\n")
    .filter((line) => line.startsWith("| `"));
  const example = read("deploy/pix-backoffice.env.example");

  it.each(ENV_VARIABLES)("lists %s in its settings table and in the example environment file", (name) => {
    expect(tableRows.some((row) => row.startsWith(`| \`${name}\` |`))).toBe(true);
    expect(example).toMatch(new RegExp(`^#? ?${name}=`, "m"));
  });

  it("names no setting lib/env-variables.ts does not list", () => {
    const documented = tableRows.filter((row) => /\| (required|required behind a proxy|recommended|optional|set by the unit|sandbox only) \|/.test(row)).map((row) => /^\| `([A-Z0-9_]+)`/.exec(row)?.[1]);
    expect(documented.filter((name) => !ENV_VARIABLES.includes(name as never))).toEqual([]);
  });
});

describe("deploy/pix-backoffice.service", () => {
  const unit = read("deploy/pix-backoffice.service");

  it("runs next start with the Node 24 of node_modules/.bin, from the environment file the guide names", () => {
    expect(unit).toMatch(/^ExecStart=\/opt\/pix-backoffice\/node_modules\/\.bin\/node \/opt\/pix-backoffice\/node_modules\/next\/dist\/bin\/next start$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/pix-backoffice\/env$/m);
    expect(read("docs/DEPLOY.md")).toContain("/etc/pix-backoffice/env");
  });

  it("is accepted by systemd-analyze verify (where systemd is installed), in this checkout", () => {
    const found = spawnSync("sh", ["-c", "command -v systemd-analyze"], { encoding: "utf8" });
    if (found.status !== 0) {
      // No systemd here (a container): the unit's syntax was checked above, its semantics cannot be.
      expect(found.stdout).toBe("");
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), "pix-unit-"));
    try {
      // The unit as installed from this checkout: its paths must exist for verify to pass.
      const file = join(dir, "pix-backoffice.service");
      writeFileSync(file, unit.replaceAll("/opt/pix-backoffice", ROOT));
      const verified = spawnSync("systemd-analyze", ["verify", file], { encoding: "utf8" });
      const complaints = `${verified.stdout}${verified.stderr}`.split("\n").filter((line) => line.includes("pix-backoffice"));
      expect({ status: verified.status, complaints }).toEqual({ status: 0, complaints: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is tracked by git beside the guide (a fresh clone has it)", () => {
    const tracked = execFileSync("git", ["ls-files", "deploy"], { cwd: ROOT, encoding: "utf8" });
    expect(tracked.split("\n").filter(Boolean).sort()).toEqual(["deploy/pix-backoffice.env.example", "deploy/pix-backoffice.service"]);
  });
});
