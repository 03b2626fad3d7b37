// No "server-only" marker: this is a test utility, also used by the e2e suite (e2e/no-secrets.spec.ts).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { ServerEnv } from "@/lib/env";

/**
 * The strings that must never reach a browser: provider credentials (raw and as the Basic
 * header value), the webhook authorization and the session secret. Short values are skipped
 * (they would match by chance).
 */
export function secretNeedles(env: Pick<ServerEnv, "clientId" | "clientSecret" | "webhookAuthorization" | "authSecret">): string[] {
  const basic = Buffer.from(`${env.clientId}:${env.clientSecret}`).toString("base64");
  return [env.clientSecret, basic, env.webhookAuthorization, env.authSecret].filter((s) => s.length >= 8);
}

/** Every file under `dir` (recursively) containing one of `needles`; [] when dir is missing. */
export async function findSecretsInDir(dir: string, needles: string[]): Promise<{ file: string; needle: string }[]> {
  const found: { file: string; needle: string }[] = [];
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, "latin1");
    for (const needle of needles) if (text.includes(needle)) found.push({ file, needle: `${needle.slice(0, 4)}…` });
  }
  return found;
}
