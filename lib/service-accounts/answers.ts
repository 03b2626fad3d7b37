import "@/lib/zod-config";
import { z } from "zod";
import { instantSchema } from "@/lib/domain/answer-fields";
import { SERVICE_ACCOUNT_ROLES } from "./ids";

/** What the service-account routes answer (client-safe: /users reads them with these schemas). */

export const serviceTokenSchema = z
  .object({
    id: z.string(),
    /** Its first characters, to tell tokens apart (the value is never shown again). */
    prefix: z.string(),
    created_at: instantSchema,
    created_by: z.string(),
    expires_at: instantSchema.nullable(),
    revoked_at: instantSchema.nullable(),
    last_used_at: instantSchema.nullable(),
    rate_per_minute: z.number().int().positive(),
  })
  .meta({ id: "ServiceToken" });

export const serviceAccountSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(SERVICE_ACCOUNT_ROLES),
    created_at: instantSchema,
    created_by: z.string(),
    tokens: z.array(serviceTokenSchema),
  })
  .meta({ id: "ServiceAccount" });

export const serviceAccountListAnswer = z.object({ service_accounts: z.array(serviceAccountSchema) }).meta({ id: "ServiceAccountList" });

/** POST /api/service-accounts (201). */
export const createdServiceAccountAnswer = z.object({ service_account: serviceAccountSchema.pick({ id: true, name: true, role: true }) }).meta({ id: "CreatedServiceAccount" });

/** POST /api/service-accounts/{id}/tokens (201): the value, shown this once. */
export const issuedTokenAnswer = z
  .object({ token: z.object({ id: z.string(), value: z.string(), expires_at: instantSchema.nullable(), rate_per_minute: z.number().int().positive() }) })
  .meta({ id: "IssuedToken", examples: [{ token: { id: "6b0c7c57-…", value: "pixbo_Qm9…", expires_at: null, rate_per_minute: 120 } }] });

/** DELETE /api/service-accounts/{id}/tokens/{token_id}. */
export const revokedTokenAnswer = z.object({ token: serviceTokenSchema }).meta({ id: "RevokedToken" });

export type ServiceAccountView = z.infer<typeof serviceAccountSchema>;
export type ServiceTokenView = z.infer<typeof serviceTokenSchema>;
