import { registerPaymentBodySchema, type RegisterPaymentBody } from "@/lib/contract";
import { isValidDocument, normalizePixKey, pixKeyError, stripDocument } from "@/lib/pix";
import { bankNameOf, generateReceiver, type Receiver } from "./seed-people";
import { createRand } from "./random";
import { mergeMessages, providerMessages } from "./validation";

const FIELD_ORDER = [
  "idempotent_id",
  "value_cents",
  "initiation_type",
  "authorized",
  "receiver_name",
  "receiver_document",
  "receiver_bank_ispb",
  "receiver_agency",
  "receiver_account",
  "receiver_account_type",
  "pix_key_type",
  "pix_key",
] as const;

const MANUAL_REQUIRED = FIELD_ORDER.slice(4, 10);
const DICT_REQUIRED = ["pix_key_type", "pix_key"] as const;

type CheckedBody = { ok: true; body: RegisterPaymentBody } | { ok: false; messages: string[] };

/**
 * Validates a registration body with the contract schema, in the provider's words. The
 * required-if rules are checked even when other fields fail (zod skips the refinement then),
 * so every problem is named at once. Then the key format and the document's check digits.
 */
export function checkRegistrationBody(input: Record<string, unknown>): CheckedBody {
  const parsed = registerPaymentBodySchema.safeParse(input);
  const required = (input.initiation_type === "manual" ? MANUAL_REQUIRED : DICT_REQUIRED)
    .filter((f) => input[f] === undefined || input[f] === null || input[f] === "")
    .map((f) => `${f} required`);
  if (!parsed.success) {
    const messages = providerMessages(parsed.error.issues, input, FIELD_ORDER);
    return { ok: false, messages: mergeMessages(messages, required) };
  }
  const body = parsed.data;
  const extra: string[] = [];
  if (body.receiver_document !== undefined && !isValidDocument(body.receiver_document)) {
    extra.push("receiver_document invalid");
  }
  if (body.initiation_type !== "manual" && body.pix_key_type && body.pix_key !== undefined) {
    if (pixKeyError(body.pix_key_type, body.pix_key)) extra.push("pix_key invalid");
  }
  if (extra.length) return { ok: false, messages: extra };
  return { ok: true, body };
}

/** Canonical text of an accepted body (defaults applied, keys sorted) to recognise a repeat. */
export function bodyFingerprint(b: RegisterPaymentBody): string {
  const full: Record<string, unknown> = { ...b, initiation_type: b.initiation_type ?? "dict", authorized: b.authorized ?? false };
  const keys = Object.keys(full).filter((k) => full[k] !== undefined).sort();
  return JSON.stringify(keys.map((k) => [k, full[k]]));
}

const ACCOUNT_TYPES = {
  CACC: "checking_account",
  SVGS: "savings_account",
  SLRY: "salary_account",
  TRAN: "transaction_account",
} as const;

/**
 * The receiver of a registration. Manual: the bank data given. Dict: what the key's DICT
 * entry would say (deterministic per key); a name and document in the body win.
 */
export function resolveReceiver(b: RegisterPaymentBody): Receiver {
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
      accountType: ACCOUNT_TYPES[b.receiver_account_type ?? "CACC"],
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
export function isBlocked(b: RegisterPaymentBody, r: Receiver, blocked: ReadonlySet<string>): boolean {
  if (blocked.has(stripDocument(r.document))) return true;
  if (b.receiver_document && blocked.has(stripDocument(b.receiver_document))) return true;
  if ((b.pix_key_type === "cpf" || b.pix_key_type === "cnpj") && b.pix_key) {
    return blocked.has(stripDocument(b.pix_key));
  }
  return false;
}
