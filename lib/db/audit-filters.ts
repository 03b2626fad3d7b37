import { TZDate } from "@date-fns/tz";
import { z } from "zod";

/**
 * Filters of the audit log list, shared by GET /api/audit, the /audit page and listAudit().
 * Client-safe (no server imports). Dates given as a day (YYYY-MM-DD) are whole days in Brazil
 * time: `from` is the start of that day, `to` the end of it.
 */
export const AUDIT_TIME_ZONE = "America/Sao_Paulo";
export const AUDIT_PAGE_SIZE = 50;

/** The actions the back office records; others may be added by later features. */
export const AUDIT_ACTIONS = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.sign_out",
  "payment.register",
  "payment.export",
  "user.create",
  "user.role_change",
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

const dayOrInstant = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || DAY.test(v) || !Number.isNaN(Date.parse(v)), {
    error: "must be a date (YYYY-MM-DD) or an ISO date-time",
  });

export const auditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
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

/** The raw (string) form of the filters, as in a URL. */
export type AuditQueryInput = z.input<typeof auditQuerySchema>;
/** Parsed filters: `from` inclusive, `to` exclusive instants. */
export type AuditQuery = z.output<typeof auditQuerySchema>;

function dayParts(day: string): [number, number, number] {
  const [y, m, d] = day.split("-").map(Number);
  return [y ?? 1970, (m ?? 1) - 1, d ?? 1];
}

function startOf(value: string): Date {
  if (!DAY.test(value)) return new Date(value);
  const [y, m, d] = dayParts(value);
  return new Date(new TZDate(y, m, d, AUDIT_TIME_ZONE).getTime());
}

function endOf(value: string): Date {
  if (!DAY.test(value)) return new Date(value);
  const [y, m, d] = dayParts(value);
  return new Date(new TZDate(y, m, d + 1, AUDIT_TIME_ZONE).getTime());
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
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "query");
    fields[key] ??= issue.message;
  }
  return { ok: false, fields };
}
