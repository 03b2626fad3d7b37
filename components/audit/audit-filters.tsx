import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SubmitButton } from "@/components/ui/submit-button";
import { DateRangeInput } from "@/components/ui/date-range-input";
import { Input, Label, Select } from "@/components/ui/input";
import { AUDIT_ACTIONS } from "@/lib/audit/filters";

export type AuditFilterValues = { action?: string; actor?: string; outcome?: string; from?: string; to?: string };

const OUTCOME_SUGGESTIONS = ["success", "refused", "failed", "invalid_credentials", "throttled", "started", "exported", "canceled"];

/** The day of a URL value ("2026-03-01", or the day of an ISO instant); "" when it has none. */
const dayOf = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : "");

/**
 * The filters as a plain GET form: the URL is the filter (reload and shared links keep it). Days
 * are typed dd/mm/aaaa (or picked from a calendar) and travel as ISO days in hidden fields.
 * Field errors come from the server's parse of the same URL.
 */
export async function AuditFilters({ values, errors = {} }: { values: AuditFilterValues; errors?: Record<string, string> }) {
  const t = await getTranslations("exports");
  const tAudit = await getTranslations("audit");
  const actions: readonly string[] = values.action && !AUDIT_ACTIONS.includes(values.action as never) ? [...AUDIT_ACTIONS, values.action] : AUDIT_ACTIONS;
  /** An action in the UI's words where the audit messages name it (audit.actions.<action>), else its code. */
  const actionWord = (action: string) => {
    const key = `actions.${action}` as Parameters<typeof tAudit>[0];
    return tAudit.has(key) ? tAudit(key) : action;
  };
  const field = (name: "action" | "actor" | "outcome") => ({
    id: `audit-${name}`,
    name,
    defaultValue: values[name] ?? "",
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": errors[name] ? `audit-${name}-error` : undefined,
  });

  return (
    <form
      method="get"
      action="/audit"
      role="search"
      aria-label={t("auditFilters.formLabel")}
      className="grid items-start gap-3 rounded-lg border border-border bg-surface p-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,0.8fr)_minmax(0,2fr)_auto]"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor="audit-action">{t("auditColumns.action")}</Label>
        <Select {...field("action")}>
          <option value="">{t("auditFilters.anyAction")}</option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {actionWord(a)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor="audit-actor">{t("auditFilters.actorHint")}</Label>
        <Input {...field("actor")} type="search" autoComplete="off" placeholder={t("auditFilters.actorPlaceholder")} />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor="audit-outcome">{t("auditColumns.outcome")}</Label>
        <Input {...field("outcome")} list="audit-outcomes" autoComplete="off" placeholder={t("auditFilters.outcomePlaceholder")} />
        <datalist id="audit-outcomes">
          {OUTCOME_SUGGESTIONS.map((o) => (
            <option key={o} value={o} />
          ))}
        </datalist>
      </div>
      <DateRangeInput
        idPrefix="audit"
        defaultValue={{ from: dayOf(values.from), to: dayOf(values.to) }}
        names={{ from: "from", to: "to" }}
        errors={{ from: errors.from, to: errors.to }}
        hint
      />
      <div className="flex items-center gap-2 self-start sm:pt-6">
        <SubmitButton variant="primary">
          {t("auditFilters.apply")}
        </SubmitButton>
        <Link href="/audit" className="inline-flex h-9 items-center px-2 text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
          {t("auditFilters.clear")}
        </Link>
      </div>
    </form>
  );
}
