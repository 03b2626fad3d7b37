import { createECDH } from "node:crypto";
import { keptInDataDir } from "@/lib/sandbox-secrets";

/** Sandbox mode's VAPID key pair: made once per deployment, kept in DATA_DIR like its other secrets. */
export const VAPID_KEYS_FILE = "vapid-keys.json";

type Pair = { publicKey: string; privateKey: string };

function pairOf(value: Partial<Pair>): Pair | undefined {
  const pub = typeof value.publicKey === "string" ? Buffer.from(value.publicKey, "base64url") : null;
  const priv = typeof value.privateKey === "string" ? Buffer.from(value.privateKey, "base64url") : null;
  return pub?.length === 65 && priv?.length === 32 ? { publicKey: value.publicKey!, privateKey: value.privateKey! } : undefined;
}

/** A new P-256 pair in the form web-push takes (base64url, uncompressed public point). */
export function newVapidKeys(): Pair {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  // A scalar with leading zero bytes comes back shorter: keys are always 32 bytes.
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]);
  return { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: privateKey.toString("base64url") };
}

export function sandboxVapidKeys(dataDir: string, subject: string): Pair & { subject: string } {
  return { ...keptInDataDir(dataDir, VAPID_KEYS_FILE, pairOf, newVapidKeys), subject };
}
