import { LIMITS } from "@/lib/contract/limits";
import { pathIdProblem } from "@/lib/domain/ids";
import { isEndToEndId } from "@/lib/pix/end-to-end";

/**
 * What a pasted text can be, decided by its shape alone (no I/O).
 * - `end_to_end`: the documented shape of an end-to-end id; look up its QR code record and
 *   the payments whose `end_to_end` matches.
 * - `text`: anything else; try it as an `idempotent_id` and as a whole reference code (a
 *   payment's or a QR code's) when it can travel in a path, then, when no payment has that
 *   reference code, as a fragment of one (when it fits the list filter).
 */
type LookupPlan =
  | { kind: "empty"; value: "" }
  | { kind: "end_to_end"; value: string }
  | {
      kind: "text";
      value: string;
      /** Why it cannot be an idempotent_id (a path parameter), or null when it can. */
      idempotentIdProblem: IdProblem | null;
      /** Why it cannot be read as a whole reference code (a path parameter), or null when it can. */
      referenceProblem: IdProblem | null;
      /** True when it fits the list's `reference_code` filter (a partial match). */
      referenceFragment: boolean;
    };

/** Why a text cannot travel as an id in the provider's path: too long, or characters it cannot carry. */
export type IdProblem = "too_long" | "characters";

/** One rule (lib/domain/ids.ts pathIdProblem) decides; the kind of problem is named for the screen. */
function idProblem(value: string, max: number): IdProblem | null {
  if (!pathIdProblem(value, max)) return null;
  return value.length > max ? "too_long" : "characters";
}

/** Quote pairs people paste around ids (from chat, JSON, spreadsheets, Markdown). */
const QUOTE_PAIRS: Array<[string, string]> = [
  ['"', '"'],
  ["'", "'"],
  ["`", "`"],
  ["“", "”"],
  ["‘", "’"],
  ["«", "»"],
  ["<", ">"],
  ["[", "]"],
  ["(", ")"],
];

/** Our own detail URLs, so a pasted link to a record works too. */
const DETAIL_URL_RE = /^(?:https?:\/\/[^/\s]+)?\/(payments|qrcodes)\/([^/?#\s]+)\/?(?:[?#].*)?$/;

/**
 * Trims whitespace (including non-breaking spaces and line breaks) and any number of
 * matching quotes around the text, and a trailing comma or semicolon copied along with it.
 */
export function cleanLookupInput(raw: string): string {
  let text = raw.replace(/[\s\u00a0\u200b\ufeff]+/g, " ").trim();
  for (let guard = 0; guard < 8; guard++) {
    const before = text;
    text = text.replace(/[,;]+$/, "").trim();
    for (const [open, close] of QUOTE_PAIRS) {
      if (text.length >= 2 && text.startsWith(open) && text.endsWith(close)) {
        text = text.slice(open.length, text.length - close.length).trim();
      }
    }
    if (text === before) break;
  }
  const url = DETAIL_URL_RE.exec(text);
  if (url?.[2] && url[2] !== "new") {
    try {
      return decodeURIComponent(url[2]);
    } catch {
      return url[2];
    }
  }
  return text;
}

/** Decides what to try for a pasted text. */
export function detectLookup(raw: string): LookupPlan {
  const value = cleanLookupInput(raw);
  if (!value) return { kind: "empty", value: "" };
  if (isEndToEndId(value)) return { kind: "end_to_end", value };
  // An id broken over lines by an email client, or typed with a lower-case prefix: the
  // first 21 characters (E + ISPB + timestamp) are upper case by definition.
  const joined = value.replace(/ /g, "");
  const upper = joined.slice(0, 21).toUpperCase() + joined.slice(21);
  if (isEndToEndId(upper)) return { kind: "end_to_end", value: upper };
  return {
    kind: "text",
    value,
    idempotentIdProblem: idProblem(value, LIMITS.idempotentId),
    referenceProblem: idProblem(value, LIMITS.referenceCode),
    referenceFragment: value.length <= LIMITS.referenceCode,
  };
}
