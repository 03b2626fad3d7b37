import { TZDate } from "@date-fns/tz";
import "@/lib/zod-config";
import { z } from "zod";
import { parseBrazilDay } from "@/lib/pix/date-input";
import { BRAZIL_TZ } from "@/lib/pix/time-zone";
import { cursorSchema } from "@/lib/db/keyset";
import { storePageSchema } from "@/lib/domain/list-params";
import { AUDIT_PAGE_SIZE, MAX_STORE_PAGE_SIZE } from "@/lib/domain/pages";
import { issuesToFields } from "@/lib/domain/zod-fields";

/**
 * Filters of the audit log list, shared by GET /api/audit, the /audit page and listAudit().
 * Client-safe (no server imports). Dates given as a day (YYYY-MM-DD, or dd/mm/aaaa as typed) are
 * whole days in Brazil time: `from` is the start of that day, `to` the end of it.
 */

/**
 * Every action the back office records, in the order the filter lists them: the one list
 * (`AuditAction` is its type, so recording an unlisted action does not compile; each has its
 * words in `audit.actions`, checked by lib/i18n/keys-in-code.test.ts).
 */
export const AUDIT_ACTIONS = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.sign_out",
  "auth.two_factor_enable",
  "auth.two_factor_disable",
  "auth.two_factor_new_backup_codes",
  "auth.step_up",
  "auth.passkey_add",
  "auth.passkey_remove",
  "transfer.create",
  "transfer.approve",
  "transfer.reject",
  "transfer.cancel",
  "transfer.expire",
  "transfer.submit",
  "transfer.paid",
  "transfer.provider_canceled",
  "transfer.attention_handled",
  "transfer.series_stop",
  "transfer.send_check",
  "transfer.release",
  "charge.create",
  "charge.withdraw",
  "charge.send",
  "charge.remind",
  "charge.paid_after_withdrawal",
  "receiver.create",
  "receiver.update",
  "receiver.delete",
  "cost_centre.create",
  "cost_centre.update",
  "batch.upload",
  "batch.submit",
  "batch.approve",
  "batch.reject",
  "batch.retry",
  "batch.cancel",
  "batch.discard",
  "batch.state_change",
  "batch.expire",
  "batch.export",
  "policy.change",
  "admin_change.request",
  "admin_change.confirm",
  "admin_change.refuse",
  "reconciliation.resolve",
  "alert.acknowledge",
  "alert.resolve",
  "alert.rules_change",
  // Recorded before the request engine (rows of earlier versions keep it).
  "payment.register",
  "payment.export",
  "payment.receipt",
  "statement.export",
  "audit.export",
  "user.create",
  "user.role_change",
  "user.deactivate",
  "user.reactivate",
  "user.reset_second_factor",
  "user.end_sessions",
  "user.password_link",
  "user.password_set",
  "user.change_refused",
  "user.passkeys_revoke",
  "service_account.create",
  "service_account.token_issue",
  "service_account.token_revoke",
  "service_account.call",
  "webhook_endpoint.create",
  "webhook_endpoint.update",
  "webhook_endpoint.rotate_secret",
  "webhook_endpoint.delete",
  "webhook_endpoint.disable",
  "webhook_endpoint.retry_delivery",
  // npm run archive (lib/db/partitions): a closed month exported, verified and dropped, or loaded back.
  "store.archive_month",
  "store.restore_month",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "validation.audit.tooLong" })
    .optional()
    .transform((v) => (v ? v : undefined));

/** A typed Brazilian day (dd/mm/aaaa, sent when the form is submitted before its script runs) as YYYY-MM-DD. */
function isoDayOf(value: string): string {
  if (!/^\d{1,2}[/.-]\d{1,2}[/.-]\d{4}$/.test(value)) return value;
  const day = parseBrazilDay(value);
  return day.ok ? day.day : value;
}

const dayOrInstant = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? isoDayOf(v) : undefined))
  .refine((v) => v === undefined || (DAY.test(v) ? isRealDay(v) : !Number.isNaN(Date.parse(v))), {
    error: "validation.audit.date",
  });

export const auditQuerySchema = z
  .object({
    page: storePageSchema("validation.audit.page", "validation.audit.pageMax"),
    /** The page after the one whose `nextCursor` this is (instead of a page number). */
    cursor: cursorSchema("validation.audit.cursor"),
    pageSize: z.coerce.number().int().min(1).max(MAX_STORE_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
    action: optionalText(100),
    actor: optionalText(200),
    outcome: optionalText(50),
    from: dayOrInstant,
    to: dayOrInstant,
  })
  .transform((q) => ({
    ...q,
    from: q.from ? startOf(q.from) : undefined,
    to: q.to ? endOf(q.to) : undefined,
  }));

/** Parsed filters: `from` inclusive, `to` exclusive instants. */
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** 2026-02-30 and 2026-13-01 match the pattern but are no day of the calendar. */
function isRealDay(day: string): boolean {
  const [y, m, d] = dayParts(day);
  const date = new Date(Date.UTC(y, m, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m && date.getUTCDate() === d;
}

function dayParts(day: string): [number, number, number] {
  const [y, m, d] = day.split("-").map(Number);
  return [y ?? 1970, (m ?? 1) - 1, d ?? 1];
}

function startOf(value: string): Date {
  if (!DAY.test(value)) return new Date(value);
  const [y, m, d] = dayParts(value);
  return new Date(new TZDate(y, m, d, BRAZIL_TZ).getTime());
}

function endOf(value: string): Date {
  if (!DAY.test(value)) return new Date(value);
  const [y, m, d] = dayParts(value);
  return new Date(new TZDate(y, m, d + 1, BRAZIL_TZ).getTime());
}

/** Parses URL search params (or a plain record) into filters; never throws. */
export function parseAuditQuery(
  input: URLSearchParams | Record<string, string | string[] | undefined>,
): { ok: true; query: AuditQuery } | { ok: false; fields: Record<string, string> } {
  const record: Record<string, string | undefined> = {};
  if (input instanceof URLSearchParams) {
    for (const key of input.keys()) record[key] = input.get(key) ?? undefined;
  } else {
    for (const [key, value] of Object.entries(input)) {
      record[key] = Array.isArray(value) ? value[0] : value;
    }
  }
  const parsed = auditQuerySchema.safeParse(record);
  if (parsed.success) return { ok: true, query: parsed.data };
  return { ok: false, fields: fieldErrors(parsed.error.issues) };
}

/**
 * For a pasted link: the filters that could be read, and what was ignored and why. A value
 * that cannot be read is dropped (the rest still apply) instead of refusing the whole view.
 */
export function parseAuditQueryLeniently(
  input: Record<string, string | undefined>,
): { query: AuditQuery; usable: Record<string, string | undefined>; ignored: Record<string, string> } {
  const first = parseAuditQuery(input);
  if (first.ok) return { query: first.query, usable: input, ignored: {} };
  const usable = Object.fromEntries(Object.entries(input).filter(([key]) => !(key in first.fields)));
  const second = parseAuditQuery(usable);
  // Everything left is optional with defaults, so this parse succeeds; an empty query is the fallback.
  const query = second.ok ? second.query : auditQuerySchema.parse({});
  return { query, usable, ignored: first.fields };
}

function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  return issuesToFields(issues, { fallback: "query", by: "top" });
}
