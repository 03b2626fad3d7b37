import "@/lib/zod-config";
import { z } from "zod";

/**
 * What the public check of a comprovante's authentication code says: whether this back office
 * issued it, and then only the three facts printed beside it that identify the Pix (never who
 * paid or received). `.strict()`: a field added here by mistake fails the route's own test.
 */
export const receiptVerifyAnswer = z
  .object({
    valid: z.boolean(),
    end_to_end: z.string().nullable(),
    value_cents: z.number().int().positive().nullable(),
    /** The payment's instant (UTC, ISO 8601). */
    payment_date: z.string().nullable(),
  })
  .strict().meta({ id: "ReceiptVerification" });
export type ReceiptVerifyAnswer = z.infer<typeof receiptVerifyAnswer>;

/** A code's letters and digits, as printed: 20 of Crockford's base 32, in groups of four. */
export const AUTH_CODE_LENGTH = 20;
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A typed code as the 20 characters it stands for, or null: case, spaces and hyphens do not
 * matter, and the letters people confuse with digits (O, I, L) read as those digits.
 */
export function normalizeAuthCode(text: string): string | null {
  const bare = text.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (bare.length !== AUTH_CODE_LENGTH) return null;
  for (const c of bare) if (!ALPHABET.includes(c)) return null;
  return bare;
}

/** "ABCD-EFGH-JKMN-PQRS-TVWX": the code as printed after "Autenticação". */
export function groupAuthCode(bare: string): string {
  return bare.match(/.{1,4}/g)?.join("-") ?? bare;
}

/** The first 100 bits of `bytes` as 20 characters of Crockford's base 32. */
export function base32Code(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < AUTH_CODE_LENGTH) {
      bits -= 5;
      out += ALPHABET[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
    if (out.length === AUTH_CODE_LENGTH) break;
  }
  return out;
}
