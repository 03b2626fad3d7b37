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

  it("has an example environment file that bash reads as systemd does: quoted values, every line sourced without error", () => {
    // One form each reader takes alike: NAME=plain or NAME='quoted' (no $, backslash or double quote).
    const assignments = example.split("\n").filter((line) => /^[A-Z0-9_]+=/.test(line));
    for (const line of assignments) expect(line).toMatch(/^[A-Z0-9_]+=(?:[A-Za-z0-9_:/.@+,=-]*|'[^'$\\"]*')$/);
    const sourced = sourceWithBash(example);
    expect(sourced.stderr).toBe("");
    expect(sourced.env.COMPANY_NAME).toBe("Empresa Exemplo Ltda");
    expect(sourced.env.PAYMENTS_WEBHOOK_AUTHORIZATION).toBe("Bearer <a long random value>");
    // A commented default, uncommented by a person, is sourced as written too.
    const defaults = example.split("\n").filter((line) => /^# [A-Z0-9_]+=/.test(line)).map((line) => line.slice(2));
    expect(defaults.length).toBeGreaterThan(20);
    const uncommented = sourceWithBash(defaults.join("\n"));
    expect(uncommented.stderr).toBe("");
    expect(uncommented.env.RECONCILE_CRON).toBe("* * * * *");
    expect(uncommented.env.PORT).toBe("3000");
  });

  it("names no setting lib/env-variables.ts does not list", () => {
    const documented = tableRows.filter((row) => /\| (required|required behind a proxy|recommended|optional|set by the unit|sandbox only) \|/.test(row)).map((row) => /^\| `([A-Z0-9_]+)`/.exec(row)?.[1]);
    expect(documented.filter((name) => !ENV_VARIABLES.includes(name as never))).toEqual([]);
  });
});

/** `set -a; . FILE; set +a` as the guide runs it, in an empty environment: what it set and what bash said. */
function sourceWithBash(text: string): { env: Record<string, string>; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), "pix-env-"));
  try {
    const file = join(dir, "env");
    writeFileSync(file, text);
    const run = spawnSync("bash", ["-c", 'set -a; . "$1"; set +a; env -0', "bash", file], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", NODE_ENV: "production" },
      // stdin not a socket: Debian's bash would read ~/.bashrc when it looks like an ssh session.
      stdio: ["ignore", "pipe", "pipe"],
    });
    const env = Object.fromEntries(run.stdout.split("\0").filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
    return { env, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("npm install", () => {
  it("runs no install script that package.json's allowScripts does not list, allowed or refused (npm 11 warns about those)", () => {
    const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { hasInstallScript?: boolean }> };
    const allowed = (JSON.parse(read("package.json")) as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts).toContain("node");
    // Reviewed means listed: true runs it, false refuses it (@scarf/scarf's only reports the install to its vendor).
    expect([...new Set(withScripts)].filter((name) => typeof allowed[name] !== "boolean")).toEqual([]);
    expect(allowed["@scarf/scarf"]).toBe(false);
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
