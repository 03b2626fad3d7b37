import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Input, Label, Select } from "@/components/ui/input";
import { AUDIT_ACTIONS } from "@/lib/db/audit-filters";
import { actionLabel } from "./audit-format";

export type AuditFilterValues = { action?: string; actor?: string; outcome?: string; from?: string; to?: string };

const OUTCOME_SUGGESTIONS = ["success", "refused", "failed", "invalid_credentials", "throttled", "exported", "canceled"];

/**
 * The filters as a plain GET form: the URL is the filter (reload and shared links keep it), and it
 * works before any JavaScript loads. Field errors come from the server's parse of the same URL.
 */
export function AuditFilters({ values, errors = {} }: { values: AuditFilterValues; errors?: Record<string, string> }) {
  const actions = values.action && !AUDIT_ACTIONS.includes(values.action as never)
    ? [...AUDIT_ACTIONS, values.action]
    : AUDIT_ACTIONS;
  const field = (name: keyof AuditFilterValues) => ({
    id: `audit-${name}`,
    name,
    defaultValue: values[name] ?? "",
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": errors[name] ? `audit-${name}-error` : undefined,
  });
  return (
    <form method="get" action="/audit" role="search" aria-label="Filter the audit log" className="grid gap-3 rounded-lg border border-border bg-surface p-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]">
      <div className="flex flex-col gap-1">
        <Label htmlFor="audit-action">Action</Label>
        <Select {...field("action")}>
          <option value="">Any action</option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {actionLabel(a)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="audit-actor">Actor (email contains)</Label>
        <Input {...field("actor")} type="search" autoComplete="off" placeholder="e.g. operator@" />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="audit-outcome">Outcome</Label>
        <Input {...field("outcome")} list="audit-outcomes" autoComplete="off" placeholder="e.g. success" />
        <datalist id="audit-outcomes">
          {OUTCOME_SUGGESTIONS.map((o) => (
            <option key={o} value={o} />
          ))}
        </datalist>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="audit-from">From (day)</Label>
        <Input {...field("from")} type="date" />
        {errors.from ? <p id="audit-from-error" className="text-xs text-red-700 dark:text-red-400">{errors.from}</p> : null}
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="audit-to">To (day)</Label>
        <Input {...field("to")} type="date" />
        {errors.to ? <p id="audit-to-error" className="text-xs text-red-700 dark:text-red-400">{errors.to}</p> : null}
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit" variant="primary">Apply filters</Button>
        <Link href="/audit" className="inline-flex h-9 items-center px-2 text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
          Clear
        </Link>
      </div>
    </form>
  );
}
