import { createLoader, createSerializer, type inferParserType } from "nuqs/server";
// Rules as data, not zod: this map runs in the browser too (see lib/search-params/payments.ts).
import type { ListQrcodesParams } from "@/lib/contract/qrcode-list";
import { DATE_PAIRS, checkPageParam, checkTextRule, type TextRule } from "@/lib/contract/list-rules";
import { QRCODE_LIST_TEXT_RULES, type QrcodeListTextParam } from "@/lib/contract/qrcode-list-rules";
import { parseListParam } from "@/lib/pix/time";
import { firstValue, parseAsCheckedParam, parseAsListPage, withoutHalfRanges, type RawSearchParams } from "./list-url";

/**
 * The one URL-state parser map of the QR codes (charges) table: keys are the provider's own
 * parameters of GET /v1/pix/qrcodes, so the page URL, /api/qrcodes and the provider share one
 * vocabulary. A value the contract refuses parses to null (ignored) and is listed by
 * `findIgnoredQrcodeParams`. Shared by the server page loader and the client's useQueryStates.
 */
function checkQrcodeParam(key: QrcodeListTextParam, value: string): string | null {
  const broken = checkTextRule(QRCODE_LIST_TEXT_RULES[key], value);
  if (broken !== null) return broken;
  if (key.endsWith("_date") && parseListParam(value) === null) return "not a real date and time";
  return null;
}

/** Why a value is refused, as a code the page words (`qrcodes.problems`); null when accepted. */
type QrcodeParamProblem = { code: "tooLong"; max: number } | { code: "digitsOnly" | "unknownStatus" | "dateShape" | "notRealDate" };

export function qrcodeParamProblem(key: QrcodeListTextParam, value: string): QrcodeParamProblem | null {
  if (checkQrcodeParam(key, value) === null) return null;
  const rule: TextRule = QRCODE_LIST_TEXT_RULES[key];
  if (rule.max !== undefined && value.length > rule.max) return { code: "tooLong", max: rule.max };
  if (key === "status") return { code: "unknownStatus" };
  if (key.endsWith("_document")) return { code: "digitsOnly" };
  return { code: checkTextRule(QRCODE_LIST_TEXT_RULES[key], value) === null ? "notRealDate" : "dateShape" };
}

const parseAsParam = (key: QrcodeListTextParam) => parseAsCheckedParam((value) => checkQrcodeParam(key, value));

export const qrcodesSearchParams = {
  page: parseAsListPage.withDefault(1),
  registration_start_date: parseAsParam("registration_start_date"),
  registration_end_date: parseAsParam("registration_end_date"),
  payment_start_date: parseAsParam("payment_start_date"),
  payment_end_date: parseAsParam("payment_end_date"),
  generator_name: parseAsParam("generator_name"),
  generator_document: parseAsParam("generator_document"),
  payer_name: parseAsParam("payer_name"),
  payer_document: parseAsParam("payer_document"),
  status: parseAsParam("status"),
  reference_code: parseAsParam("reference_code"),
  end_to_end: parseAsParam("end_to_end"),
};

export type QrcodesSearchValues = inferParserType<typeof qrcodesSearchParams>;
type QrcodesSearchKey = keyof typeof qrcodesSearchParams;
type QrcodesFilterKey = Exclude<QrcodesSearchKey, "page">;

export const QRCODES_FILTER_KEYS = Object.keys(qrcodesSearchParams).filter((key): key is QrcodesFilterKey => key !== "page");

export const loadQrcodesSearchParams = createLoader(qrcodesSearchParams);
export const serializeQrcodesSearchParams = createSerializer(qrcodesSearchParams, { clearOnDefault: true });

/** The list query of the current view: a date range with one end missing is left out whole. */
export function toQrcodeListParams(values: QrcodesSearchValues): ListQrcodesParams {
  const out: ListQrcodesParams = { page: values.page };
  for (const key of QRCODES_FILTER_KEYS) {
    const value = values[key];
    if (value !== null) out[key] = value;
  }
  return withoutHalfRanges(out);
}

/** What a pasted link asked for that the view cannot honour: refused values, and half date ranges. */
export function findIgnoredQrcodeParams(raw: RawSearchParams): { key: QrcodesSearchKey; value: string }[] {
  const first = (key: string) => firstValue(raw, key);
  const ignored: { key: QrcodesSearchKey; value: string }[] = [];
  const kept = new Set<QrcodesSearchKey>();
  for (const key of Object.keys(qrcodesSearchParams) as QrcodesSearchKey[]) {
    const value = first(key);
    if (!value) continue;
    const reason = key === "page" ? checkPageParam(value) : checkQrcodeParam(key, value);
    if (reason === null) kept.add(key);
    else ignored.push({ key, value });
  }
  for (const [start, end] of DATE_PAIRS) {
    if (kept.has(start) === kept.has(end)) continue;
    const present = kept.has(start) ? start : end;
    ignored.push({ key: present, value: first(present) ?? "" });
  }
  return ignored;
}
