import "@/lib/zod-config";
import { z } from "zod";
import { neutralizeText } from "@/lib/pix/text";
import { PROVIDER_DATETIME_RE } from "./limits";

/**
 * The building blocks of the provider's answers, one rule each. They are parsed for every item
 * of every list page, so each is one zod check where one will do (bench/proxy-profile.ts).
 */

/** A datetime as the provider writes it, e.g. 2026-11-21T09:15:02.123-03:00. */
export const providerDateTimeSchema = z
  .string()
  .regex(PROVIDER_DATETIME_RE, "datetime must look like YYYY-mm-ddTHH:MM:ss.SSS-03:00");

const cleanText = (s: string) => neutralizeText(s).trim();

/**
 * Provider text as it enters: bidi and control characters neutralised (lib/pix/text.ts), so every
 * list, detail, lookup and export shows it in the order it was typed; then stray whitespace
 * trimmed (a key with a trailing space is a documented quirk), then its length checked.
 */
export function providerText(max?: number) {
  const text = z.string().overwrite(cleanText);
  return max ? text.max(max) : text;
}

/** Absent or null both read as null (the provider omits some empty fields and nulls others). */
export function orNull<T extends z.ZodType>(schema: T) {
  return schema.nullable().default(null);
}
