import "server-only";
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * Test-only: a WebAuthn authenticator in software (what Chromium's virtual authenticator is in the
 * e2e run): a P-256 key, its COSE public key as a passkey row keeps it, and assertions signed as
 * the WebAuthn spec says (authenticatorData || SHA-256(clientDataJSON), ES256), with or without
 * the user-verified flag.
 */
export type TestAuthenticator = { credentialId: string; publicKeyCose: Buffer; counter: number; privateKey: KeyObject };

export function testAuthenticator(): TestAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const x = Buffer.from(jwk.x!, "base64url");
  const y = Buffer.from(jwk.y!, "base64url");
  // CBOR map {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}.
  const cose = Buffer.concat([Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]), x, Buffer.from([0x22, 0x58, 0x20]), y]);
  return { credentialId: randomBytes(16).toString("base64url"), publicKeyCose: cose, counter: 0, privateKey };
}

/** An assertion for `challenge` at `origin`, as navigator.credentials.get() hands it over (JSON form). */
export function assertion(a: TestAuthenticator, o: { challenge: string; origin: string; rpID: string; userVerified?: boolean }) {
  a.counter += 1;
  const flags = 0x01 | (o.userVerified === false ? 0 : 0x04);
  const count = Buffer.alloc(4);
  count.writeUInt32BE(a.counter);
  const authenticatorData = Buffer.concat([createHash("sha256").update(o.rpID).digest(), Buffer.from([flags]), count]);
  const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: o.challenge, origin: o.origin, crossOrigin: false }));
  const signature = sign("sha256", Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]), a.privateKey);
  return {
    id: a.credentialId,
    rawId: a.credentialId,
    type: "public-key" as const,
    response: {
      clientDataJSON: clientDataJSON.toString("base64url"),
      authenticatorData: authenticatorData.toString("base64url"),
      signature: signature.toString("base64url"),
    },
    clientExtensionResults: {},
  };
}
