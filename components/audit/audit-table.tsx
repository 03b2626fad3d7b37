import type { AuditEntry } from "@/lib/db/audit";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { cn } from "@/lib/utils";
import { actionLabel, detailPairs, outcomeTone } from "./audit-format";

/** The audit log entries of one page, newest first. Times in Brazil time. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full min-w-[900px] border-collapse text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="bg-surface-muted text-left text-xs uppercase tracking-wide text-fg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">Time (Brasília)</th>
            <th scope="col" className="px-3 py-2 font-medium">Actor</th>
            <th scope="col" className="px-3 py-2 font-medium">Action</th>
            <th scope="col" className="px-3 py-2 font-medium">Target</th>
            <th scope="col" className="px-3 py-2 font-medium">Outcome</th>
            <th scope="col" className="px-3 py-2 font-medium">Detail</th>
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-3 py-8 text-center text-fg-muted">
                No entries match these filters.
              </td>
            </tr>
          ) : (
            entries.map((entry) => <AuditRow key={entry.id} entry={entry} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const pairs = detailPairs(entry.detail);
  return (
    <tr className="border-t border-border align-top">
      <td className="whitespace-nowrap px-3 py-2 font-mono text-xs text-fg">
        <time dateTime={entry.at}>{formatBrazilDateTime(entry.at)}</time>
      </td>
      <td className="px-3 py-2 text-fg">
        {entry.actorEmail ?? <span className="text-fg-muted">(no session)</span>}
      </td>
      <td className="px-3 py-2">
        <div className="text-fg">{actionLabel(entry.action)}</div>
        <div className="font-mono text-xs text-fg-muted">{entry.action}</div>
      </td>
      <td className="max-w-[14rem] break-all px-3 py-2 font-mono text-xs text-fg">{entry.target ?? "—"}</td>
      <td className="px-3 py-2">
        <span
          className={cn(
            "inline-block rounded px-1.5 py-0.5 text-xs font-medium",
            outcomeTone(entry.outcome) === "good"
              ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
              : "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-200",
          )}
        >
          {entry.outcome}
        </span>
      </td>
      <td className="px-3 py-2 text-xs text-fg">
        {pairs.length === 0 && !entry.ip ? (
          <span className="text-fg-muted">—</span>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
            {pairs.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-fg-muted">{k}</dt>
                <dd className="break-all font-mono">{v}</dd>
              </div>
            ))}
            {entry.ip ? (
              <div className="contents">
                <dt className="text-fg-muted">ip</dt>
                <dd className="font-mono">{entry.ip}</dd>
              </div>
            ) : null}
          </dl>
        )}
      </td>
    </tr>
  );
}
