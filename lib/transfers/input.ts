import "@/lib/zod-config";
import { z } from "zod";
import { checkTransferFields, toProviderBody, transferFieldsObject } from "@/lib/contract/register";
import { scheduleDayProblem, scheduleInputSchema } from "./schedule";
import { isPlainText } from "@/lib/pix/text";

/** A transfer's own words, not sent to the provider: what it pays. */
export const DESCRIPTION_MAX = 140;

/**
 * Body of POST /api/transfers (the form, the API, a company's ERP): the transfer as the provider
 * will get it (THE registration schema's fields and rules, lib/contract/register.ts), and beside
 * it what is ours: the day it goes out and its recurrence, a description, a cost centre and the
 * saved receiver it came from. Client-safe: the form parses the same.
 */
export const transferInputSchema = transferFieldsObject
  .extend({
    ...scheduleInputSchema.shape,
    description: z.string().trim().max(DESCRIPTION_MAX, "validation.description.tooLong").refine(isPlainText, "validation.text.notPlain").optional(),
    cost_centre_id: z.string().uuid("validation.costCentre.unknown").optional(),
    receiver_id: z.string().uuid("validation.receiver.unknown").optional(),
  })
  .superRefine((b, ctx) => {
    checkTransferFields(b, ctx);
    if (b.scheduled_for) {
      const problem = scheduleDayProblem(b.scheduled_for, new Date());
      if (problem) ctx.addIssue({ code: "custom", path: ["scheduled_for"], message: problem });
    }
    if (b.recurrence && !b.scheduled_for) ctx.addIssue({ code: "custom", path: ["scheduled_for"], message: "validation.schedule.firstDay" });
    if (b.recurrence?.until && b.scheduled_for && b.recurrence.until < b.scheduled_for) {
      ctx.addIssue({ code: "custom", path: ["recurrence", "until"], message: "validation.schedule.untilBeforeFirst" });
    }
  })
  .transform((b) => ({
    transfer: toProviderBody(b),
    scheduledFor: b.scheduled_for ?? null,
    recurrence: b.recurrence ?? null,
    description: b.description ? b.description : null,
    costCentreId: b.cost_centre_id ?? null,
    receiverId: b.receiver_id ?? null,
  }));
export type TransferInput = z.output<typeof transferInputSchema>;
