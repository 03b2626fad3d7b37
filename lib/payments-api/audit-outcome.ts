import "server-only";
import { isPaymentsApiError } from "./errors";

export type RegisterAuditOutcome = "registered" | "rejected" | "unknown_outcome" | "not_registered" | "error";

/** How a failed registration is written in the audit log. */
export function auditOutcome(err: unknown): { outcome: RegisterAuditOutcome; detail: Record<string, unknown> } {
  if (!isPaymentsApiError(err)) return { outcome: "error", detail: { reason: "internal error" } };
  const detail = { kind: err.kind, upstream_status: err.status, reason: err.message };
  if (err.kind === "unknown_outcome") {
    return { outcome: err.registered === false ? "not_registered" : "unknown_outcome", detail };
  }
  if (["invalid", "forbidden", "insufficient_funds", "conflict"].includes(err.kind)) return { outcome: "rejected", detail };
  return { outcome: "error", detail };
}
