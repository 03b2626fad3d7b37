import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { requestToken } from "@/sandbox/testing";
import { buildSandbox } from "./build-sandbox";

// Inside the repository, as the real bundle: its npm imports resolve from node_modules beside it.
const outfile = join(import.meta.dirname, "..", ".build", `sandbox-test-${process.pid}.mjs`);
afterAll(() => rmSync(outfile, { force: true }));

describe("the compiled sandbox (npm run build:sandbox)", () => {
  it("is one JavaScript file of sandbox/ and lib/pix that plain Node runs: it serves, and stops on SIGTERM", { timeout: 60_000 }, async () => {
    const { bytes } = await buildSandbox(outfile);
    expect(bytes).toBeGreaterThan(0);
    const code = readFileSync(outfile, "utf8");
    const modules = [...code.matchAll(/^\/\/ ((?:sandbox|lib|app|components)\/\S+\.ts)$/gm)].map((m) => m[1]!);
    expect(modules).toContain("sandbox/main.ts");
    expect(modules.filter((m) => !/^(sandbox|lib\/pix)\//.test(m))).toEqual([]);

    // No TypeScript runner: plain Node, no --import.
    const child = spawn(process.execPath, [outfile], {
      env: { ...process.env, SANDBOX_PORT: "0", SANDBOX_STORE: "memory", SANDBOX_SEED_COUNT: "40", SANDBOX_DUPLICATES: "allow" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (c: Buffer) => {
        out += c.toString();
        const m = /sandbox listening on (http:\/\/127\.0\.0\.1:\d+) \(51 payments\)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on("exit", (exit) => reject(new Error(`exited early with ${exit}: ${stderr}`)));
    });
    const token = await requestToken(url);
    const read = await fetch(`${url}/v1/pix/payments/sandbox-known-pending/idempotent_id`, { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { payment: { status: string } }).payment.status).toBe("authorization_pending");
    const state = (await (await fetch(`${url}/_control/state`)).json()) as { duplicates: string };
    expect(state.duplicates).toBe("allow");
    const exited = new Promise<number | null>((resolve) => child.on("exit", (exit) => resolve(exit)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
