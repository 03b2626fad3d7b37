import "@/lib/zod-config";
import { z } from "zod";
import { storePageSchema } from "@/lib/domain/list-params";
import { ALERT_LIST_STATES } from "./list-states";
import { MAIL_KINDS } from "./rules";

export const alertsQuerySchema = z.object({
  state: z.enum(ALERT_LIST_STATES, { error: "validation.alerts.state" }).default("open"),
  page: storePageSchema(),
});

export const alertParamsSchema = z.object({
  id: z.coerce.number({ error: "validation.alerts.id" }).int("validation.alerts.id").positive("validation.alerts.id").max(Number.MAX_SAFE_INTEGER, "validation.alerts.id"),
});

export const alertNoteSchema = z.object({
  note: z.string({ error: "validation.alerts.noteRequired" }).trim().min(1, "validation.alerts.noteRequired").max(1_000, "validation.alerts.noteTooLong"),
});

/** The bell: everything up to this alert id has been seen. */
export const alertSeenSchema = z.object({
  up_to: z.number({ error: "validation.alerts.id" }).int("validation.alerts.id").min(0, "validation.alerts.id").max(Number.MAX_SAFE_INTEGER, "validation.alerts.id"),
});

/** PUT /api/me/notifications: the e-mails a person wants (kinds not given keep their choice). */
export const mailChoicesSchema = z.object({
  kinds: z.partialRecord(z.enum(MAIL_KINDS, { error: "validation.alerts.mailKind" }), z.boolean({ error: "validation.alerts.mailChoice" })),
});
