import "@/lib/zod-config";
import { z } from "zod";
import { ROLES, type Role } from "./roles";
import { isPlainText } from "@/lib/pix/text";

/**
 * What the admins' /users page and /api/users say about a user (client-safe: the page's
 * component and the route share these). Dates are ISO instants.
 */
export type UserView = {
  id: string;
  email: string;
  name: string;
  role: Role;
  createdAt: string;
  deactivatedAt: string | null;
  twoFactorEnabled: boolean;
  /** The role requires a second factor (REQUIRE_2FA): "off" is then a problem to show. */
  secondFactorRequired: boolean;
  /** False until the user opened their set-password link. */
  hasPassword: boolean;
  /** How many passkeys the account holds. */
  passkeys: number;
};

/** POST /api/users: a new user, who chooses a password from a one-time link. */
export const newUserSchema = z.object({
  email: z.string().trim().min(1, { error: "users.errors.invalid_email" }).max(254, { error: "users.errors.invalid_email" }),
  name: z.string().trim().max(100).refine(isPlainText, "validation.text.notPlain").optional(),
  role: z.enum(ROLES, { error: "users.errors.unknown_role" }),
});

/** PATCH /api/users/{id}: exactly one change. */
export const userChangeSchema = z
  .strictObject({
    role: z.enum(ROLES, { error: "users.errors.unknown_role" }).optional(),
    deactivated: z.boolean().optional(),
    resetSecondFactor: z.literal(true).optional(),
    endSessions: z.literal(true).optional(),
    newPasswordLink: z.literal(true).optional(),
  })
  .refine((change) => Object.values(change).filter((v) => v !== undefined).length === 1, { error: "users.errors.changeRequired" });
export type UserChangeInput = z.infer<typeof userChangeSchema>;

/** Answer of POST /api/users and of a PATCH that made a new link. */
export type UserLinkAnswer = { user: UserView; setPasswordUrl?: string; linkHours?: number; changed?: boolean; endedSessions?: number };
