import { encodeWindows1252 } from "@/lib/export/win-ansi";
import { brazilWallClock, parseProviderDateTime } from "@/lib/pix/time";
import type { Movement } from "./movements";
import type { StatementPeriod } from "./period-rules";

/**
 * OFX 1.02 (SGML), the dialect Brazilian banks hand out and Brazilian ERPs import (Conta Azul,
 * Omie, Bling): the plain header, Windows-1252 text (CHARSET:1252), CRLF lines, elements left
 * unclosed and aggregates closed, one STMTTRN per movement in BANKMSGSRSV1/STMTTRNRS/STMTRS.
 * TRNTYPE DEBIT (out) or CREDIT (in); DTPOSTED in Brazil time with its offset ("[-3:BRT]");
 * TRNAMT with a dot and a sign; FITID the end_to_end (unique per Pix at every bank, so a
 * re-import never doubles a line); NAME the counterpart (32 characters, the 1.x limit); MEMO
 * what it was and its ids.
 */
const EOL = "\r\n";
const NAME_MAX = 32;
const MEMO_MAX = 255;

export type OfxAccount = {
  /** The provider's bank code is not in its API: "0000", and ERPs ask which account to import into on the first file. */
  bankId: string;
  /** The company's document: ERPs show it to pick the account. */
  accountId: string;
};

export type OfxWords = { out: string; in: string };

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "20261116121502.123[-3:BRT]": an instant on Brazil's wall clock with its offset (old summers: [-2:BRST]). */
export function ofxDateTime(instant: Date): string {
  const w = brazilWallClock(instant);
  const offsetHours = Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms) - instant.getTime()) / 3_600_000);
  const zone = offsetHours === -2 ? "BRST" : "BRT";
  return `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}${pad(w.hour)}${pad(w.minute)}${pad(w.second)}.${pad(w.ms, 3)}[${offsetHours}:${zone}]`;
}

/** A day's start or end as DTSTART/DTEND. */
function ofxDay(day: string, end: boolean): string {
  return `${day.replace(/-/g, "")}${end ? "235959" : "000000"}[-3:BRT]`;
}

/** "-87.50": cents as OFX writes an amount (dot, sign, two decimals). */
export function ofxAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${pad(abs % 100)}`;
}

/** Element text: SGML's three specials escaped, one line, trimmed to `max`. */
function text(value: string, max = MEMO_MAX): string {
  return value.replace(/[\r\n\t]+/g, " ").trim().slice(0, max).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const lines = (...parts: string[]) => parts.map((p) => p + EOL).join("");

export function ofxHead(options: { period: StatementPeriod; account: OfxAccount; now: Date }): string {
  return (
    lines("OFXHEADER:100", "DATA:OFXSGML", "VERSION:102", "SECURITY:NONE", "ENCODING:USASCII", "CHARSET:1252", "COMPRESSION:NONE", "OLDFILEUID:NONE", "NEWFILEUID:NONE", "") +
    lines(
      "<OFX>",
      "<SIGNONMSGSRSV1>", "<SONRS>", "<STATUS>", "<CODE>0", "<SEVERITY>INFO", "</STATUS>", `<DTSERVER>${ofxDateTime(options.now)}`, "<LANGUAGE>POR", "</SONRS>", "</SIGNONMSGSRSV1>",
      "<BANKMSGSRSV1>", "<STMTTRNRS>", "<TRNUID>1", "<STATUS>", "<CODE>0", "<SEVERITY>INFO", "</STATUS>",
      "<STMTRS>", "<CURDEF>BRL",
      "<BANKACCTFROM>", `<BANKID>${text(options.account.bankId, 9)}`, `<ACCTID>${text(options.account.accountId, 22)}`, "<ACCTTYPE>CHECKING", "</BANKACCTFROM>",
      "<BANKTRANLIST>", `<DTSTART>${ofxDay(options.period.start, false)}`, `<DTEND>${ofxDay(options.period.end, true)}`,
    )
  );
}

export function ofxTransactions(movements: readonly Movement[], words: OfxWords): string {
  let out = "";
  for (const m of movements) {
    const posted = parseProviderDateTime(m.date);
    const memo = [m.kind === "out" ? words.out : words.in, m.counterpart_document, m.reference_code, m.our_id].filter(Boolean).join(" - ");
    out += lines(
      "<STMTTRN>",
      `<TRNTYPE>${m.kind === "out" ? "DEBIT" : "CREDIT"}`,
      `<DTPOSTED>${posted ? ofxDateTime(posted) : ""}`,
      `<TRNAMT>${ofxAmount(m.amount_cents)}`,
      `<FITID>${text(m.end_to_end ?? m.reference_code, 255)}`,
      `<REFNUM>${text(m.reference_code, 32)}`,
      `<NAME>${text(m.counterpart_name || (m.kind === "out" ? words.out : words.in), NAME_MAX)}`,
      `<MEMO>${text(memo)}`,
      "</STMTTRN>",
    );
  }
  return out;
}

/** The balance is the account's now (LEDGERBAL as of the file's time): the provider keeps no history. */
export function ofxTail(options: { balanceCents: number; now: Date }): string {
  return lines(
    "</BANKTRANLIST>",
    "<LEDGERBAL>", `<BALAMT>${ofxAmount(options.balanceCents)}`, `<DTASOF>${ofxDateTime(options.now)}`, "</LEDGERBAL>",
    "</STMTRS>", "</STMTTRNRS>", "</BANKMSGSRSV1>", "</OFX>",
  );
}

/** Text to the file's bytes (Windows-1252, as CHARSET:1252 says). */
export const ofxBytes = encodeWindows1252;
