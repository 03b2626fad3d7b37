import "@/lib/zod-config";
import { z } from "zod";
import { accountTypeCodeSchema, initiationTypeSchema, pixKeyTypeSchema } from "@/lib/contract/enums";
import { instantSchema, personSchema } from "@/lib/domain/answer-fields";

/** What the saved-receiver routes answer (client-safe: /receivers and the form read them with these schemas). */

/** A saved receiver ("favorecido"): the transfer's field names, so it fills the form as it is. */
export const savedReceiverSchema = z
  .object({
    id: z.uuid(),
    nickname: z.string(),
    receiver_name: z.string(),
    receiver_document: z.string(),
    initiation_type: initiationTypeSchema,
    pix_key_type: pixKeyTypeSchema.nullable(),
    pix_key: z.string().nullable(),
    bank: z.object({ ispb: z.string(), agency: z.string(), account: z.string(), account_type: accountTypeCodeSchema }).nullable(),
    created_by: personSchema,
    created_at: instantSchema,
    updated_at: instantSchema,
  })
  .meta({ id: "SavedReceiver" });

export const receiverAnswer = z.object({ receiver: savedReceiverSchema }).meta({ id: "SavedReceiverAnswer" });
export const receiverListAnswer = z.object({ receivers: z.array(savedReceiverSchema) }).meta({ id: "SavedReceiverList" });
export const receiverDeletedAnswer = z.object({ deleted: z.literal(true) }).meta({ id: "SavedReceiverDeleted" });
