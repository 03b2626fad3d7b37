import { useTranslations } from "next-intl";
import type { AuditEntry } from "@/lib/db/audit";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { cn } from "@/lib/utils";
import { actionLabel, detailItems, outcomeLabel, outcomeTone, systemActorLabel, type AuditTranslator } from "./audit-format";

/** The audit log entries of one page, newest first. Times in Brazil time. Column words are the export file's. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const t = useTranslations();
  const th = "px-3 py-2 font-medium";
  return (
    <div className="relative overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full min-w-[900px] border-collapse text-sm">
        <caption className="sr-only">{t("audit.table.caption")}</caption>
        <thead className="bg-surface-muted text-left text-xs uppercase tracking-wide text-fg-muted">
          <tr>
            <th scope="col" className={th}>{t("exports.auditColumns.at")}</th>
            <th scope="col" className={th}>{t("exports.auditColumns.actor")}</th>
            <th scope="col" className={th}>{t("exports.auditColumns.action")}</th>
            <th scope="col" className={th}>{t("exports.auditColumns.target")}</th>
            <th scope="col" className={th}>{t("exports.auditColumns.outcome")}</th>
            <th scope="col" className={th}>{t("exports.auditColumns.detail")}</th>
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-3 py-8 text-center text-fg-muted">
                {t("audit.table.empty")}
              </td>
            </tr>
          ) : (
            entries.map((entry) => <AuditRow key={entry.id} entry={entry} t={t} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

function AuditRow({ entry, t }: { entry: AuditEntry; t: AuditTranslator }) {
  const items = detailItems(entry.detail, t);
  if (entry.ip) items.push({ key: "ip", label: t("exports.auditColumns.ip"), value: entry.ip, full: entry.ip });
  return (
    <tr className="border-t border-border align-top">
      <td className="whitespace-nowrap px-3 py-2 font-mono text-xs text-fg">
        <time dateTime={entry.at}>{formatBrazilDateTime(entry.at)}</time>
      </td>
      <td className="px-3 py-2 text-fg [overflow-wrap:anywhere]">
        {entry.actorEmail ?? <span className="text-fg-muted" data-testid="system-actor">{systemActorLabel(entry.action, entry.detail, t)}</span>}
      </td>
      <td className="px-3 py-2">
        <div className="text-fg" title={entry.action}>
          {actionLabel(entry.action, t)}
        </div>
      </td>
      <td className="max-w-[14rem] break-all px-3 py-2 font-mono text-xs text-fg">{entry.target ?? "—"}</td>
      <td className="px-3 py-2">
        <span
          data-outcome={entry.outcome}
          className={cn(
            "inline-block rounded px-1.5 py-0.5 text-xs font-medium",
            outcomeTone(entry.outcome) === "good"
              ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
              : "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-200",
          )}
        >
          {outcomeLabel(entry.outcome, t)}
        </span>
      </td>
      <td className="px-3 py-2 text-xs text-fg">
        {items.length === 0 ? (
          <span className="text-fg-muted">—</span>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
            {items.map((item) => (
              <div key={item.key} className="contents">
                <dt className="text-fg-muted">{item.label}</dt>
                <dd className="[overflow-wrap:anywhere]" title={item.full === item.value ? undefined : item.full}>
                  {item.value}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </td>
    </tr>
  );
}
