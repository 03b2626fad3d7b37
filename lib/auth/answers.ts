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
    /** How many passkeys the account holds (an admin may revoke them). */
    passkeys: z.number().int().nonnegative(),
  })
  .meta({ id: "User" });

export const userListAnswer = z.object({ users: z.array(userViewSchema) }).meta({ id: "UserList" });

/** POST /api/users (201): the account and its one-time set-password link, shown once. */
export const invitedUserAnswer = z.object({ user: userViewSchema, setPasswordUrl: z.string(), linkHours: z.number().int().positive() }).meta({ id: "InvitedUser" });

/** PATCH /api/users/{id}: the account after the change, what changed, and a new link when one was asked for. */
export const changedUserAnswer = z.object({
  user: userViewSchema,
  changed: z.boolean(),
  endedSessions: z.number().int().nonnegative(),
  setPasswordUrl: z.string().optional(),
  linkHours: z.number().int().positive().optional(),
}).meta({ id: "ChangedUser" });

export const localeAnswer = z.object({ locale: z.enum(LOCALES) }).meta({ id: "LocaleAnswer" });
export const stepUpAnswer = z.object({ verified_at: instantSchema }).meta({ id: "StepUpAnswer" });

const base64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]*={0,2}$/, "validation.base64url");

/** A WebAuthn assertion as the browser hands it (SimpleWebAuthn's AuthenticationResponseJSON), bounded. */
export const passkeyAssertionSchema = z.object({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url(4_000),
    authenticatorData: base64url(4_000),
    signature: base64url(1_400),
    userHandle: base64url(1_400).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

/** POST /api/me/step-up/passkey-options: what navigator.credentials.get() takes (SimpleWebAuthn's JSON form). */
export const passkeyOptionsAnswer = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(z.object({ id: z.string(), type: z.literal("public-key"), transports: z.array(z.string()).optional() })).optional(),
  userVerification: z.enum(["required", "preferred", "discouraged"]).optional(),
  hints: z.array(z.string()).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
}).meta({ id: "PasskeyOptions" });

/** DELETE /api/users/{id}/passkeys, applied at once (not a money role): how many passkeys and sessions went. */
export const revokedPasskeysAnswer = z.object({ revoked: z.number().int().nonnegative(), endedSessions: z.number().int().nonnegative() }).meta({ id: "RevokedPasskeys" });
