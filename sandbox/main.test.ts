import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { requestToken } from "./testing";

describe("npm run sandbox (sandbox/main.ts)", () => {
  it("prints its address, serves, and exits cleanly on SIGTERM", { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts"], {
      env: { ...process.env, SANDBOX_PORT: "0", SANDBOX_STORE: "memory", SANDBOX_SEED_COUNT: "250", SANDBOX_SEED: "7" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const line = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (c: Buffer) => {
        out += c.toString();
        const m = /sandbox listening on (http:\/\/127\.0\.0\.1:\d+) \((\d+) payments\)/.exec(out);
        if (m) resolve(m[0]);
      });
      child.on("exit", (code) => reject(new Error(`exited early with ${code}: ${stderr}`)));
    });
    expect(line).toMatch(/\(261 payments\)$/);
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(line)![0];
    await expect(requestToken(url)).resolves.toMatch(/\./);
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
