import { crc16Ccitt } from "./crc16";
import { BRCODE_MAX, PIX_GUI } from "./brcode";
import { emvField, formatEmvAmount } from "./emv";
import { stripAccents } from "./text";

type BrCodeInput = {
  /** Static code: the receiver's key, already normalised. */
  key?: string;
  /** Dynamic code: location of the payload, without https:// (it is removed if given). */
  url?: string;
  merchantName: string;
  merchantCity: string;
  amountCents?: number;
  /** Up to 25 letters and digits; other characters are dropped. Defaults to "***". */
  txid?: string;
  /** Free text shown to the payer (static codes); shortened to fit the account field. */
  message?: string;
};

/** Accent-free printable ASCII, single-spaced, cut to `max`. */
function cleanText(s: string, max: number): string {
  return stripAccents(s)
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

/**
 * Builds a BR Code ("copia e cola") with a correct CRC. Name and city lose accents and are
 * cut to 25 and 15 characters as the BR Code spec wants. Throws RangeError on input no
 * code can carry (no key or URL, empty name or city, a bad amount, an account over 99 characters).
 */
export function encodeBrCode(input: BrCodeInput): string {
  const key = input.key?.trim();
  const url = input.url?.trim().replace(/^https?:\/\//i, "");
  if (!key && !url) throw new RangeError("A BR Code needs a key (static) or a URL (dynamic)");
  const name = cleanText(input.merchantName, BRCODE_MAX.merchantName);
  const city = cleanText(input.merchantCity, BRCODE_MAX.merchantCity);
  if (!name) throw new RangeError("A BR Code needs the merchant name");
  if (!city) throw new RangeError("A BR Code needs the merchant city");
  const amount = input.amountCents;
  if (amount !== undefined && (!Number.isSafeInteger(amount) || amount < 0)) {
    throw new RangeError(`The amount must be whole, non-negative cents, got ${amount}`);
  }

  let account = emvField("00", PIX_GUI);
  if (key) account += emvField("01", key);
  if (url) account += emvField("25", url);
  const message = input.message ? cleanText(input.message, 99) : "";
  if (message) {
    // The account template holds at most 99 characters: shorten the message to fit.
    const room = 99 - account.length - 4;
    const fitted = message.slice(0, Math.max(0, room)).trim();
    if (fitted) account += emvField("02", fitted);
  }

  const txid = (input.txid ?? "").replace(/[^A-Za-z0-9]/g, "").slice(0, BRCODE_MAX.txid) || "***";
  const body =
    emvField("00", "01") +
    emvField("26", account) +
    emvField("52", "0000") +
    emvField("53", "986") +
    (amount ? emvField("54", formatEmvAmount(amount)) : "") +
    emvField("58", "BR") +
    emvField("59", name) +
    emvField("60", city) +
    emvField("62", emvField("05", txid)) +
    "6304";
  return body + crc16Ccitt(body);
}
