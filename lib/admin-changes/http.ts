import "server-only";
import { getEnv } from "@/lib/env";
import { jsonError, jsonOk } from "@/lib/http/errors";
import type { Translator } from "@/lib/i18n/server";
import { PendingChangeError, type PendingChangeErrorCode } from "./service";
import type { PendingChangeView } from "./types";

const STATUS: Record<PendingChangeErrorCode, number> = { not_found: 404, not_pending: 409, own_request: 403, stale: 409, cannot_apply: 409 };

/** A refused decision as a JSON answer in the caller's language; other errors go on up. */
export function pendingChangeErrorResponse(error: unknown, t: Translator): Response | null {
  if (!(error instanceof PendingChangeError)) return null;
  const status = STATUS[error.code];
  const message = error.code === "cannot_apply" ? t("adminChanges.errors.cannot_apply", { reason: t(`adminChanges.failures.${failureKey(error.message)}`) }) : t(`adminChanges.errors.${error.code}`);
  return jsonError(status, message, { kind: status === 403 ? "forbidden" : status === 404 ? "not_found" : "conflict" });
}

/** 202: the change waits for a second admin; nothing changed yet. */
export function pendingAnswer(pending: PendingChangeView): Response {
  return jsonOk({ pending_change: pending }, 202);
}

export function approvalExpiryDefault(): number {
  return getEnv().approvalExpiryHours;
}

/** The reasons a confirmed change could not apply, each worded in `adminChanges.failures`. */
export const CHANGE_FAILURES = ["email_taken", "not_found", "last_admin", "invalid_email", "unknown_role", "stale"] as const;

export function failureKey(reason: string): (typeof CHANGE_FAILURES)[number] {
  return (CHANGE_FAILURES as readonly string[]).includes(reason) ? (reason as (typeof CHANGE_FAILURES)[number]) : "not_found";
}
