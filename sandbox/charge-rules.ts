import { isValidDocument } from "@/lib/pix";
import { LIMITS } from "./documented";
import { checkFields, inFieldOrder, type FieldRules } from "./field-rules";

/**
 * The request tables of POST /v1/pix/qrcodes and POST /v1/pix/checkout. The documentation types
 * expiration_time as an integer but its own checkout example sends "1800", and its external_link
 * is "johndoepage.com" (a string of at most 255, no scheme); its generator_document is "only
 * numbers" with no word on check digits ("12345678900" in the example has wrong ones).
 *
 * - `doc` (SANDBOX_QUIRKS=doc): what the documentation states, so its own examples pass.
 * - otherwise the sandbox is stricter than the documentation: check digits, a JSON number, an
 *   http(s) URL, so that the back office's own checks of what it sends are exercised.
 */
export type ChargeKind = "qrcode" | "checkout";

export interface ChargeBody {
  value_cents: number;
  generator_name?: string;
  generator_document?: string;
  expiration_time?: number;
  external_reference?: string;
  external_link?: string;
}

const DOCUMENT = { type: "string", max: LIMITS.document, pattern: /^[0-9A-Z]+$/ } as const;
/** Seconds the charge stays payable: an integer > 0 (a year at most: the sandbox's bound). */
const expiration = (doc: boolean) => ({ type: "integer", greaterThan: 0, atMost: 365 * 24 * 3_600, numericText: doc }) as const;

function rulesFor(kind: ChargeKind, doc: boolean): FieldRules {
  const common = {
    value_cents: { type: "integer", greaterThan: 0 },
    generator_name: { type: "string", max: LIMITS.name },
    generator_document: DOCUMENT,
    expiration_time: expiration(doc),
  } as const satisfies FieldRules;
  if (kind === "checkout") return { ...common, external_link: { type: "string", max: doc ? LIMITS.url : 2048 } };
  return {
    ...common,
    external_reference: { type: "string", max: LIMITS.externalReference },
    // Documented for the charge, without a word on what they do: accepted and kept nowhere.
    platform_name: { type: "string", max: LIMITS.platformName },
    billing_url: { type: "string", max: LIMITS.url },
    return_url: { type: "string", max: LIMITS.url },
  };
}

const REQUIRED: Record<ChargeKind, ReadonlySet<string>> = {
  qrcode: new Set(["value_cents"]),
  checkout: new Set(["value_cents", "generator_name", "generator_document", "external_link"]),
};

export function checkChargeBody(
  input: Record<string, unknown>,
  kind: ChargeKind,
  doc: boolean,
): { ok: true; body: ChargeBody } | { ok: false; messages: string[] } {
  const rules = rulesFor(kind, doc);
  const checked = checkFields(input, rules, (f) => REQUIRED[kind].has(f));
  const messages = checked.ok ? [] : [...checked.messages];
  const body = (checked.ok ? checked.values : {}) as Partial<ChargeBody>;
  if (checked.ok && kind === "qrcode" && (body.generator_name === undefined) !== (body.generator_document === undefined)) {
    // "generator_document: required if generator_name is informed"; the sandbox reads it both ways.
    messages.push(body.generator_name === undefined ? "generator_name required" : "generator_document required");
  }
  const problem = documentProblem(input.generator_document, doc);
  if (problem) {
    const at = messages.findIndex((m) => m.startsWith("generator_document "));
    if (at >= 0) messages.splice(at, 1, problem);
    else messages.push(problem);
  }
  if (!doc && kind === "checkout" && checked.ok && !isWebUrl(body.external_link!)) messages.push("external_link invalid");
  if (messages.length) return { ok: false, messages: inFieldOrder(messages, Object.keys(rules)) };
  return { ok: true, body: body as ChargeBody };
}

/** Letters other than a CNPJ's are `not_a_number` (the documented word); wrong check digits `invalid` (strict mode). */
function documentProblem(value: unknown, doc: boolean): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const text = value.trim();
  if (!/^[0-9A-Z]+$/.test(text)) return "generator_document not_a_number";
  if (doc || text.length > LIMITS.document || isValidDocument(text)) return null;
  return "generator_document invalid";
}

function isWebUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}
