import "@/lib/zod-config";
import { z } from "zod";
import { SERVICE_ACCOUNT_ROLES } from "./ids";
import { isPlainText } from "@/lib/pix/text";

/** POST /api/service-accounts: a name people recognise and a role (never approver or admin). */
export const newServiceAccountSchema = z.object({
  name: z.string().trim().min(1, { error: "serviceAccounts.errors.name" }).max(80, { error: "serviceAccounts.errors.name" }).refine(isPlainText, "validation.text.notPlain"),
  role: z.enum(SERVICE_ACCOUNT_ROLES, { error: "serviceAccounts.errors.role" }),
});
export type NewServiceAccount = z.infer<typeof newServiceAccountSchema>;

/** POST /api/service-accounts/{id}/tokens: an optional expiry (days from now) and requests allowed per minute. */
export const newTokenSchema = z.object({
  expires_in_days: z.number().int().min(1, { error: "serviceAccounts.errors.expiry" }).max(3650, { error: "serviceAccounts.errors.expiry" }).optional(),
  rate_per_minute: z.number().int().min(1, { error: "serviceAccounts.errors.rate" }).max(6000, { error: "serviceAccounts.errors.rate" }).optional(),
});
export type NewToken = z.infer<typeof newTokenSchema>;

export const serviceAccountParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });
export const serviceTokenParamsSchema = z.object({ id: z.string().trim().min(1).max(100), token_id: z.string().trim().min(1).max(100) });
