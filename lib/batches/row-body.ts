import type { RegisterTransferInput } from "@/lib/contract";
import type { PixKeyType } from "@/lib/contract/enums";
import { parseBRL } from "@/lib/pix/money";
import { compactDigits } from "@/lib/transfer-form/to-request-body";
import type { SavedReceiver } from "@/lib/receivers/types";
import { BANK_COLUMNS, KEY_COLUMNS, RECEIVER_COLUMNS, readAccountType, readPixKeyType, type BatchColumn } from "./columns";
import type { BatchMessage } from "./header";
import type { ParsedBatchRow } from "./rows";

/** Where an error shows: under one of the file's columns, or for the whole row. */
export type BatchField = BatchColumn | "row";
export type BatchRowError = BatchMessage & { field: BatchField };

/** The registration body as read from a row; a blank or unreadable amount is left out (the schema says "required"). */
type RowBody = Omit<RegisterTransferInput, "value_cents"> & { value_cents?: number };

/**
 * A row read into the request body THE registration schema parses, plus what could not even be
 * read, and the fields whose schema messages would only repeat a row-level error.
 */
type RowReading = { body: RowBody; errors: BatchRowError[]; valueCents: number | null; explained: ReadonlySet<BatchField> };

/**
 * Excel drops leading zeros of numbers, also when it re-saves a CSV someone opened: an ISPB
 * "00360305" comes back as "360305", a CPF "01234567890" with 10 digits. Digits-only values a
 * few zeros short get them back; check digits still decide whether the result is valid.
 */
function restoreZeros(text: string, length: number, shortest: number): string {
  return /^\d+$/.test(text) && text.length >= shortest && text.length < length ? text.padStart(length, "0") : text;
}

function restoreDocumentZeros(text: string): string {
  if (!/^\d+$/.test(text)) return text;
  return text.length <= 11 ? restoreZeros(text, 11, 9) : restoreZeros(text, 14, 12);
}

function restoreKeyZeros(type: PixKeyType, key: string): string {
  if (type === "cpf") return restoreZeros(key, 11, 9);
  if (type === "cnpj") return restoreZeros(key, 14, 12);
  return key;
}

/**
 * A parsed row -> the registration body: the amount read with lib/pix `parseBRL`, key and
 * account types read from their labels, digits compacted as the single form does. By Pix key
 * when the row has key cells, by bank account when it has only bank cells. What fails here is
 * reported with `batches.errors.*` keys; everything else, blank cells included, is the schema's.
 */
export function readRowBody(row: ParsedBatchRow, idempotentId: string, saved?: SavedReceiver | null): RowReading {
  const { cells } = row;
  const errors: BatchRowError[] = [];
  const fail = (field: BatchField, message: string, values?: BatchMessage["values"]) =>
    errors.push(values ? { field, message, values } : { field, message });

  if (row.strayCell) fail("row", "batches.errors.strayCell", { letter: row.strayCell });
  if (cells.receiver_nickname !== undefined) return savedReceiverBody(row, idempotentId, saved ?? null, errors);
  const hasKey = KEY_COLUMNS.some((c) => cells[c] !== undefined);
  const hasBank = BANK_COLUMNS.some((c) => cells[c] !== undefined);
  if (hasKey && hasBank) fail("row", "batches.errors.keyAndBank");
  if (!hasKey && !hasBank) fail("row", "batches.errors.noKeyNorBank");
  // With no clear destination, "choose the key type" and the like say nothing more.
  const explained = new Set<BatchField>(hasKey === hasBank ? [...KEY_COLUMNS, ...BANK_COLUMNS] : []);
  const manual = hasBank && !hasKey;

  let valueCents: number | null = null;
  if (cells.amount !== undefined) {
    // parseBRL decides what an amount is; the words are ours, in the UI language, with the cell.
    const amount = parseBRL(cells.amount);
    if (amount.ok) valueCents = amount.cents;
    else fail("amount", "batches.errors.amountUnreadable", { value: cells.amount });
  }

  const common = {
    idempotent_id: cells.idempotent_id ?? idempotentId,
    value_cents: valueCents ?? undefined,
    receiver_name: cells.receiver_name ?? "",
    receiver_document: restoreDocumentZeros(cells.receiver_document ?? ""),
  };
  if (manual) {
    const accountType = cells.account_type === undefined ? undefined : readAccountType(cells.account_type);
    if (accountType === null) fail("account_type", "batches.errors.accountTypeUnknown", { value: cells.account_type ?? "" });
    const digits = (text: string | undefined) => (text === undefined ? undefined : compactDigits(text));
    const ispb = digits(cells.bank_ispb);
    return {
      errors,
      valueCents,
      explained,
      body: {
        ...common,
        initiation_type: "manual",
        receiver_bank_ispb: ispb === undefined ? undefined : restoreZeros(ispb, 8, 1),
        receiver_agency: digits(cells.agency),
        receiver_account: digits(cells.account),
        receiver_account_type: accountType ?? undefined,
      },
    };
  }
  const keyType = cells.pix_key_type === undefined ? undefined : readPixKeyType(cells.pix_key_type);
  if (keyType === null) fail("pix_key_type", "batches.errors.keyTypeUnknown", { value: cells.pix_key_type ?? "" });
  const key = cells.pix_key ?? "";
  return {
    errors,
    valueCents,
    explained,
    body: {
      ...common,
      initiation_type: "dict",
      pix_key_type: keyType ?? undefined,
      pix_key: keyType ? restoreKeyZeros(keyType, key) : key,
    },
  };
}

/**
 * A row naming a saved receiver (`favorecido`): the receiver's data are the saved ones, so the
 * row carries none of its own (both would leave two answers to "who is paid?"). An unknown
 * nickname is the row's error; the body is then left without a receiver for the schema to refuse.
 */
function savedReceiverBody(row: ParsedBatchRow, idempotentId: string, saved: SavedReceiver | null, errors: BatchRowError[]): RowReading {
  const { cells } = row;
  const own = RECEIVER_COLUMNS.filter((c) => cells[c] !== undefined);
  if (own.length) errors.push({ field: own[0]!, message: "batches.errors.nicknameAndData", values: { nickname: cells.receiver_nickname ?? "" } });
  if (!saved) errors.push({ field: "receiver_nickname", message: "batches.errors.unknownReceiver", values: { nickname: cells.receiver_nickname ?? "" } });
  let valueCents: number | null = null;
  if (cells.amount !== undefined) {
    const amount = parseBRL(cells.amount);
    if (amount.ok) valueCents = amount.cents;
    else errors.push({ field: "amount", message: "batches.errors.amountUnreadable", values: { value: cells.amount } });
  }
  const explained = new Set<BatchField>(saved && !own.length ? [] : RECEIVER_COLUMNS);
  const common = {
    idempotent_id: cells.idempotent_id ?? idempotentId,
    value_cents: valueCents ?? undefined,
    receiver_name: saved?.receiver_name ?? "",
    receiver_document: saved?.receiver_document ?? "",
  };
  const body: RowBody = saved?.bank
    ? {
        ...common,
        initiation_type: "manual",
        receiver_bank_ispb: saved.bank.ispb,
        receiver_agency: saved.bank.agency,
        receiver_account: saved.bank.account,
        receiver_account_type: saved.bank.account_type,
      }
    : { ...common, initiation_type: "dict", pix_key_type: saved?.pix_key_type ?? undefined, pix_key: saved?.pix_key ?? "" };
  return { errors, valueCents, explained, body };
}
