import "@/lib/zod-config";
import { z } from "zod";
import { pixKeyTypeSchema } from "@/lib/contract";

/** The longest "copia e cola" text read: EMV fields fit in 99 characters each; real codes stay far below. */
export const BRCODE_TEXT_MAX = 512;

/**
 * Why a pasted code cannot be paid as a key transfer, in order of what a person should fix first:
 * a damaged code (its CRC does not match), a dynamic code (its amount and receiver live at a URL the
 * provider does not let us read yet), a key that is no Pix key, a currency other than the real, or an
 * amount that cannot be read.
 */
export const BRCODE_REFUSALS = ["crc", "dynamic", "no_key", "currency", "amount", "unreadable"] as const;
export type BrCodeRefusal = (typeof BRCODE_REFUSALS)[number];

export const brCodeAnswer = z.object({
  /** A dynamic code carries a URL (field 26/25): refused until the provider documents paying one. */
  dynamic: z.boolean(),
  /** The code's CRC16-CCITT matches its text (false when missing or wrong). */
  crc_ok: z.boolean(),
  pix_key_type: pixKeyTypeSchema.nullable(),
  /** As it will be sent (a CPF or phone in the provider's format); null for dynamic codes. */
  pix_key: z.string().nullable(),
  value_cents: z.number().int().nonnegative().nullable(),
  receiver_name: z.string().nullable(),
  city: z.string().nullable(),
  /** The receiver's transaction id (field 62/05); null when the code carries "***" or none. */
  txid: z.string().nullable(),
  /** Can be paid as a key transfer; otherwise `refusal` says why. */
  payable: z.boolean(),
  refusal: z.enum(BRCODE_REFUSALS).nullable(),
}).meta({ id: "BrCodeDecoded" });
export type BrCodeAnswer = z.infer<typeof brCodeAnswer>;
