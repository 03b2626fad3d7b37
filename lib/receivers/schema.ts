import "@/lib/zod-config";
import { z } from "zod";
import { checkTransferFields, transferFieldsObject } from "@/lib/contract/register";
import { normalizePixKey } from "@/lib/pix/pix-key";
import { isPlainText } from "@/lib/pix/text";

/**
 * A saved receiver ("favorecido"): a nickname people know it by, and the receiver's fields with
 * THE transfer's own rules (lib/contract/register.ts: name, CPF/CNPJ check digits, the key's
 * format for its type, or the bank fields), so a saved receiver is always one the form and the
 * batch file accept. Field names are the transfer's, so choosing one fills the form as it is.
 * Client-safe: the /receivers page checks with the same schema.
 */
export const NICKNAME_MAX = 60;

const receiverFieldsObject = transferFieldsObject
  .pick({
    initiation_type: true,
    receiver_name: true,
    receiver_document: true,
    receiver_bank_ispb: true,
    receiver_agency: true,
    receiver_account: true,
    receiver_account_type: true,
    pix_key_type: true,
    pix_key: true,
  })
  .extend({
    nickname: z
      .string({ error: "validation.receiver.nicknameRequired" })
      .trim()
      .min(1, "validation.receiver.nicknameRequired")
      .max(NICKNAME_MAX, "validation.receiver.nicknameTooLong")
      .refine(isPlainText, "validation.text.notPlain"),
  })
  .strict();

/** Body of POST /api/receivers (and the whole receiver a change must leave behind). */
export const receiverInputSchema = receiverFieldsObject.superRefine(checkTransferFields).transform((b) => {
  // Only the chosen way's fields are kept: a key receiver has no bank data and back.
  const manual = b.initiation_type === "manual";
  return {
    nickname: b.nickname,
    receiver_name: b.receiver_name,
    receiver_document: b.receiver_document,
    initiation_type: b.initiation_type,
    pix_key_type: manual ? null : (b.pix_key_type ?? null),
    pix_key: manual || !b.pix_key_type || !b.pix_key ? null : normalizePixKey(b.pix_key_type, b.pix_key),
    receiver_bank_ispb: manual ? (b.receiver_bank_ispb ?? null) : null,
    receiver_agency: manual ? (b.receiver_agency ?? null) : null,
    receiver_account: manual ? (b.receiver_account ?? null) : null,
    receiver_account_type: manual ? (b.receiver_account_type ?? null) : null,
  };
});
export type ReceiverInput = z.input<typeof receiverInputSchema>;
export type ReceiverFields = z.output<typeof receiverInputSchema>;

/**
 * Body of PATCH /api/receivers/{id}: the fields that change (at least one). The result, merged
 * with what is stored, must pass `receiverInputSchema` whole.
 */
export const receiverPatchSchema = receiverFieldsObject
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: "validation.receiver.nothingToChange", path: ["nickname"] });
export type ReceiverPatch = z.output<typeof receiverPatchSchema>;

/** `?q=` of GET /api/receivers: part of a nickname, name or CPF/CNPJ. */
export const receiverListQuerySchema = z.object({
  q: z.string().trim().max(100, "validation.receiver.searchTooLong").optional(),
  limit: z.coerce.number().int().min(1).max(500).default(500),
});

export const receiverParamsSchema = z.object({ id: z.string().uuid("validation.receiver.unknown") });
