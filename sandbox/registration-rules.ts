import { isValidDocument, normalizePixKey, pixKeyError, stripDocument } from "@/lib/pix";
import { ACCOUNT_TYPE_CODES, ACCOUNT_TYPE_WORDS, INITIATION_TYPES, LIMITS, PIX_KEY_TYPES, type PixKeyType } from "./documented";
import { checkFields, type FieldRules } from "./field-rules";
import { createRand } from "./random";
import { bankNameOf, generateReceiver, type Receiver } from "./seed-people";

const DIGITS = /^\d+$/;

/**
 * The request table of POST /v1/pix/payments, in its order. Documents are "digits only" in the
 * documentation; since July 2026 a CNPJ may carry letters (PROVIDER-NOTES), so upper-case letters
 * pass here and the check digits decide.
 */
const REGISTRATION_FIELDS = {
  idempotent_id: { type: "string", max: LIMITS.idempotentId, keepSpaces: true },
  value_cents: { type: "integer", greaterThan: 0 },
  initiation_type: { type: "enum", values: INITIATION_TYPES },
  authorized: { type: "boolean" },
  receiver_name: { type: "string", max: LIMITS.name },
  receiver_document: { type: "string", max: LIMITS.document, pattern: /^[0-9A-Z]+$/ },
  receiver_bank_ispb: { type: "string", max: LIMITS.bankIspb, pattern: DIGITS },
  receiver_agency: { type: "string", max: LIMITS.agency, pattern: DIGITS },
  receiver_account: { type: "string", max: LIMITS.account, pattern: DIGITS },
  receiver_account_type: { type: "enum", values: ACCOUNT_TYPE_CODES },
  pix_key_type: { type: "enum", values: PIX_KEY_TYPES },
  pix_key: { type: "string", max: LIMITS.idempotentId, keepSpaces: true },
} as const satisfies FieldRules;

const ALWAYS = new Set(["idempotent_id", "value_cents"]);
/** "required if initiation_type = manual" */
const MANUAL = new Set(["receiver_name", "receiver_document", "receiver_bank_ispb", "receiver_agency", "receiver_account", "receiver_account_type"]);
/** "required if initiation_type = dict" (and when it is omitted: the sandbox reads an omitted type as dict). */
const DICT = new Set(["pix_key_type", "pix_key"]);

export interface RegistrationBody {
  idempotent_id: string;
  value_cents: number;
  initiation_type?: "dict" | "manual";
  authorized?: boolean;
  receiver_name?: string;
  receiver_document?: string;
  receiver_bank_ispb?: string;
  receiver_agency?: string;
  receiver_account?: string;
  receiver_account_type?: keyof typeof ACCOUNT_TYPE_WORDS;
  pix_key_type?: PixKeyType;
  pix_key?: string;
}

type CheckedBody = { ok: true; body: RegistrationBody } | { ok: false; messages: string[] };

/**
 * Validates a registration body, every field at once, in the provider's words. Then, once the
 * fields are well formed, what the provider checks on top: the key's format for its type and the
 * document's check digits (`pix_key invalid`, `receiver_document invalid`).
 */
export function checkRegistrationBody(input: Record<string, unknown>): CheckedBody {
  const manual = input.initiation_type === "manual";
  const checked = checkFields(input, REGISTRATION_FIELDS, (f) => ALWAYS.has(f) || (manual ? MANUAL : DICT).has(f));
  if (!checked.ok) return checked;
  const body = checked.values as unknown as RegistrationBody;
  const extra: string[] = [];
  if (body.receiver_document !== undefined && !isValidDocument(body.receiver_document)) extra.push("receiver_document invalid");
  if (!manual && body.pix_key_type && body.pix_key !== undefined && pixKeyError(body.pix_key_type, body.pix_key)) extra.push("pix_key invalid");
  return extra.length ? { ok: false, messages: extra } : { ok: true, body };
}

/** Canonical text of an accepted body (defaults applied, keys sorted) to recognise a repeat. */
export function bodyFingerprint(b: RegistrationBody): string {
  const full: Record<string, unknown> = { ...b, initiation_type: b.initiation_type ?? "dict", authorized: b.authorized ?? false };
  const keys = Object.keys(full).filter((k) => full[k] !== undefined).sort();
  return JSON.stringify(keys.map((k) => [k, full[k]]));
}

/**
 * The receiver of a registration. Manual: the bank data given. Dict: what the key's DICT
 * entry would say (deterministic per key); a name and document in the body win.
 */
export function resolveReceiver(b: RegistrationBody): Receiver {
  if (b.initiation_type === "manual") {
    const doc = b.receiver_document ?? "";
    return {
      name: b.receiver_name ?? "",
      document: doc,
      pixKeyType: doc.length === 11 ? "cpf" : "cnpj",
      pixKey: null,
      bankIspb: b.receiver_bank_ispb ?? "",
      bankName: bankNameOf(b.receiver_bank_ispb ?? "") ?? "",
      agency: b.receiver_agency ?? "",
      account: b.receiver_account ?? "",
      accountType: ACCOUNT_TYPE_WORDS[b.receiver_account_type ?? "CACC"],
    };
  }
  const type = b.pix_key_type!;
  const key = normalizePixKey(type, b.pix_key ?? "");
  const looked = generateReceiver(createRand(`dict:${type}:${key}`), type);
  const keyDocument = type === "cpf" || type === "cnpj" ? stripDocument(key) : undefined;
  return {
    ...looked,
    pixKey: key,
    pixKeyType: type,
    name: b.receiver_name ?? looked.name,
    document: b.receiver_document ?? keyDocument ?? looked.document,
  };
}

/** Is the receiver (its document, or a CPF/CNPJ key) on the blocklist? */
export function isBlocked(b: RegistrationBody, r: Receiver, blocked: ReadonlySet<string>): boolean {
  if (blocked.has(stripDocument(r.document))) return true;
  if (b.receiver_document && blocked.has(stripDocument(b.receiver_document))) return true;
  if ((b.pix_key_type === "cpf" || b.pix_key_type === "cnpj") && b.pix_key) {
    return blocked.has(stripDocument(b.pix_key));
  }
  return false;
}
