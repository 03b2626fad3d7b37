import { searchKey } from "@/lib/pix/text";
import type { SavedReceiver } from "./types";

/**
 * Does a saved receiver match what a person typed? Nickname or name, accents and case aside
 * ("joao" finds "João"), or its CPF/CNPJ when digits are typed ("123.456" finds 12345678909).
 * Client-safe: the form's suggestions and GET /api/receivers?q= use this one rule.
 */
export function receiverMatches(receiver: Pick<SavedReceiver, "nickname" | "receiver_name" | "receiver_document">, typed: string): boolean {
  const key = searchKey(typed);
  if (!key) return true;
  if (searchKey(receiver.nickname).includes(key) || searchKey(receiver.receiver_name).includes(key)) return true;
  const digits = typed.replace(/[.\-/\s]/g, "").toUpperCase();
  return /^\d+$/.test(digits) && receiver.receiver_document.includes(digits);
}

/** How nicknames are compared: "Aluguel Sede", "aluguel  sede" and "ALUGUEL SÉDE" are one nickname. */
export const nicknameKey = (nickname: string) => searchKey(nickname);
