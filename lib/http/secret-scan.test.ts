import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { findSecretsInDir, secretNeedles } from "./secret-scan";

describe("secret scan", () => {
  it("finds a credential in any nested file, raw or as a Basic value", async () => {
    const env = parseEnv({});
    const dir = await mkdtemp(path.join(tmpdir(), "scan-"));
    await mkdir(path.join(dir, "chunks"), { recursive: true });
    await writeFile(path.join(dir, "chunks", "a.js"), `const x = "${Buffer.from(`${env.clientId}:${env.clientSecret}`).toString("base64")}"`);
    await writeFile(path.join(dir, "b.js"), "nothing to see");
    const found = await findSecretsInDir(dir, secretNeedles(env));
    expect(found.map((f) => path.basename(f.file))).toEqual(["a.js"]);
    await rm(dir, { recursive: true });
  });
  // The production build itself is scanned by e2e/no-secrets.spec.ts, which runs after the build.
});
