import { crc16Ccitt } from "./crc16";
import { type BrCodeField, parseEmvAmount, parseTlv } from "./emv";
import { detectPixKeyType } from "./pix-key";

export type { BrCodeField } from "./emv";

export const PIX_GUI = "br.gov.bcb.pix";
export const BRCODE_MAX = { merchantName: 25, merchantCity: 15, txid: 25 } as const;

export type BrCodeDecoded = {
  /**
   * Usable: fully read, correct checksum, a Pix account with a key or URL, currency 986 and a
   * readable amount. Soft warnings (long name, city or txid) may still exist when ok.
   */
  ok: boolean;
  fields: BrCodeField[];
  payloadFormat?: string;
  key?: string;
  message?: string;
  /** Location of the payload of a dynamic code, as written in the code (no https://). */
  url?: string;
  kind: "static" | "dynamic" | "unknown";
  merchantName?: string;
  merchantCity?: string;
  amountCents?: number;
  currency?: string;
  country?: string;
  txid?: string;
  crc: { present: boolean; expected?: string; actual?: string; valid: boolean };
  /** What is wrong or unusual, in plain words, for people pasting codes. */
  warnings: string[];
};

const child = (field: BrCodeField | undefined, id: string) => field?.children?.find((c) => c.id === id);

/**
 * Reads a Pix "copia e cola" text. Lenient by design: many real codes carry a wrong CRC
 * or length, so whatever can be read is returned with warnings. Never throws, whatever
 * the input (even a non-string from untyped callers).
 */
export function decodeBrCode(content: string): BrCodeDecoded {
  try {
    return decode(typeof content === "string" ? content.trim() : "");
  } catch {
    return {
      ok: false,
      fields: [],
      kind: "unknown",
      crc: { present: false, valid: false },
      warnings: ["This code could not be read"],
    };
  }
}

function decode(text: string): BrCodeDecoded {
  const parsed = parseTlv(text);
  const { fields } = parsed;
  const warnings = [...parsed.problems];
  const result: BrCodeDecoded = { ok: false, fields, kind: "unknown", crc: { present: false, valid: false }, warnings };
  if (!text) {
    warnings.push("The code is empty");
    return result;
  }

  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.id)) warnings.push(`Field ${f.id} appears more than once; the first one is used`);
    seen.add(f.id);
  }
  const top = (id: string) => fields.find((f) => f.id === id);

  // 00 payload format, first.
  const format = top("00");
  result.payloadFormat = format?.value;
  if (fields[0]?.id !== "00") warnings.push("The code should start with the payload format (field 00)");
  if (format && format.value !== "01") warnings.push(`The payload format is "${format.value}", expected "01"`);

  // 26-51 merchant account: the Pix one carries the GUI br.gov.bcb.pix (any case).
  const accounts = fields.filter((f) => Number(f.id) >= 26 && Number(f.id) <= 51);
  const pix = accounts.find((f) => child(f, "00")?.value.trim().toLowerCase() === PIX_GUI);
  if (!pix) {
    warnings.push(
      accounts.length > 0
        ? `The merchant account does not carry "${PIX_GUI}": this is not a Pix code`
        : `There is no Pix merchant account (field 26 with "${PIX_GUI}"): this is not a Pix code`,
    );
  } else {
    result.key = child(pix, "01")?.value;
    result.message = child(pix, "02")?.value;
    result.url = child(pix, "25")?.value;
    if (result.url !== undefined) result.kind = "dynamic";
    else if (result.key !== undefined) result.kind = "static";
    else warnings.push("The Pix account has neither a key (01) nor a payment URL (25)");
    if (result.key !== undefined && detectPixKeyType(result.key) === null) {
      warnings.push(`The key "${result.key}" does not look like a Pix key (phone, email, CPF, CNPJ or random key)`);
    }
  }

  if (!top("52")) warnings.push("The merchant category (field 52) is missing");

  const currency = top("53");
  result.currency = currency?.value;
  if (!currency) warnings.push("The currency (field 53) is missing");
  else if (currency.value !== "986") warnings.push(`The currency is "${currency.value}", not 986 (Brazilian real)`);

  const amount = top("54");
  let amountReadable = true;
  if (amount) {
    const read = parseEmvAmount(amount.value);
    if ("cents" in read) result.amountCents = read.cents;
    else {
      amountReadable = false;
      warnings.push(read.error);
    }
  }

  const country = top("58");
  result.country = country?.value;
  if (!country) warnings.push("The country (field 58) is missing");
  else if (country.value.toUpperCase() !== "BR") warnings.push(`The country is "${country.value}", expected BR`);

  result.merchantName = top("59")?.value;
  checkText(warnings, result.merchantName, "merchant name", "59", BRCODE_MAX.merchantName);
  result.merchantCity = top("60")?.value;
  checkText(warnings, result.merchantCity, "merchant city", "60", BRCODE_MAX.merchantCity);

  const additional = top("62");
  result.txid = child(additional, "05")?.value;
  if (result.txid === undefined) {
    warnings.push("The transaction id (field 62, sub-field 05) is missing");
  } else if (result.txid.length > BRCODE_MAX.txid) {
    warnings.push(`The transaction id has ${result.txid.length} characters, more than the ${BRCODE_MAX.txid} allowed`);
  } else if (result.txid !== "***" && !/^[A-Za-z0-9]+$/.test(result.txid)) {
    warnings.push(`The transaction id "${result.txid}" should only use letters and digits`);
  }

  checkCrc(text, parsed.offsets, result);
  // Soft issues (long name, city or txid, odd country) are warnings only; these make a code unusable.
  result.ok =
    parsed.problems.length === 0 &&
    result.crc.valid &&
    pix !== undefined &&
    result.kind !== "unknown" &&
    result.currency === "986" &&
    amountReadable;
  return result;
}

function checkText(warnings: string[], value: string | undefined, label: string, id: string, max: number) {
  if (value === undefined) warnings.push(`The ${label} (field ${id}) is missing`);
  else if (value.length > max) {
    warnings.push(`The ${label} has ${value.length} characters, more than the ${max} allowed`);
  }
}

function checkCrc(text: string, offsets: number[], result: BrCodeDecoded) {
  const { fields, warnings } = result;
  const index = fields.findIndex((f) => f.id === "63");
  const field = fields[index];
  const offset = offsets[index];
  if (!field || offset === undefined) {
    warnings.push("The checksum (field 63) is missing: the code may be incomplete");
    return;
  }
  // The CRC covers everything up to and including "6304".
  const expected = crc16Ccitt(text.slice(0, offset + 4));
  const actual = field.value;
  const valid = field.length === 4 && actual.toUpperCase() === expected;
  result.crc = { present: true, expected, actual, valid };
  if (field.length !== 4) warnings.push(`The checksum field declares ${field.length} characters instead of 4`);
  if (!valid) {
    warnings.push(
      `The checksum (CRC) in the code is "${actual}" but the content gives "${expected}": the code was altered or mistyped`,
    );
  } else if (actual !== expected) {
    warnings.push("The checksum is written in lower case; it should be upper case");
  }
  if (index !== fields.length - 1) warnings.push("There is text after the checksum (field 63)");
}
