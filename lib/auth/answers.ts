import "@/lib/zod-config";
import { z } from "zod";
import { LOCALES } from "@/lib/i18n/config";
import { instantSchema } from "@/lib/domain/answer-fields";
import { ROLES } from "./roles";

/** What the user and /api/me routes answer (client-safe: /users and the step-up dialog read them with these schemas). */

/** A staff account as /users shows it. */
export const userViewSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    createdAt: instantSchema,
    deactivatedAt: instantSchema.nullable(),
    twoFactorEnabled: z.boolean(),
    /** The role requires a second factor (REQUIRE_2FA): "off" is then a problem to show. */
    secondFactorRequired: z.boolean(),
    /** False until the user opened their set-password link. */
    hasPassword: z.boolean(),
  })
  .meta({ id: "User" });

export const userListAnswer = z.object({ users: z.array(userViewSchema) });

/** POST /api/users (201): the account and its one-time set-password link, shown once. */
export const invitedUserAnswer = z.object({ user: userViewSchema, setPasswordUrl: z.string(), linkHours: z.number().int().positive() });

/** PATCH /api/users/{id}: the account after the change, what changed, and a new link when one was asked for. */
export const changedUserAnswer = z.object({
  user: userViewSchema,
  changed: z.boolean(),
  endedSessions: z.number().int().nonnegative(),
  setPasswordUrl: z.string().optional(),
  linkHours: z.number().int().positive().optional(),
});

export const localeAnswer = z.object({ locale: z.enum(LOCALES) });
export const stepUpAnswer = z.object({ verified_at: instantSchema });
