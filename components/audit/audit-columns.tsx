import { createColumnHelper } from "@tanstack/react-table";
import type { DataTableFeatures } from "@/components/data-table/features";
import { cn } from "@/lib/utils";
import type { AuditRow } from "./audit-rows";

const helper = createColumnHelper<DataTableFeatures, AuditRow>();

/** The export file's column words (`exports.auditColumns.*`), which the table's headers are too. */
export type AuditColumnWords = Record<"at" | "actor" | "action" | "target" | "outcome" | "detail", string>;

/** The audit log's columns: when, who, what, on what, how it ended, and the entry's details. */
export function buildAuditColumns(words: AuditColumnWords) {
  return helper.columns([
    helper.accessor("at", {
      header: words.at,
      cell: (info) => <time dateTime={info.getValue()}>{info.row.original.atText}</time>,
      meta: { label: words.at, valign: "top", className: "whitespace-nowrap font-mono text-xs" },
    }),
    helper.accessor("actorEmail", {
      id: "actor",
      header: words.actor,
      cell: (info) =>
        info.getValue() ?? (
          <span className="text-fg-muted" data-testid="system-actor">
            {info.row.original.system}
          </span>
        ),
      meta: { label: words.actor, valign: "top", className: "[overflow-wrap:anywhere]" },
    }),
    helper.accessor("actionText", {
      id: "action",
      header: words.action,
      cell: (info) => <div title={info.row.original.action}>{info.getValue()}</div>,
      meta: { label: words.action, valign: "top" },
    }),
    helper.accessor("target", {
      header: words.target,
      cell: (info) => info.getValue() ?? "—",
      meta: { label: words.target, valign: "top", className: "max-w-[14rem] break-all font-mono text-xs" },
    }),
    helper.accessor("outcomeText", {
      id: "outcome",
      header: words.outcome,
      cell: (info) => (
        <span
          data-outcome={info.row.original.outcome}
          className={cn(
            "inline-block rounded px-1.5 py-0.5 text-xs font-medium",
            info.row.original.tone === "good"
              ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
              : "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-200",
          )}
        >
          {info.getValue()}
        </span>
      ),
      meta: { label: words.outcome, valign: "top" },
    }),
    helper.accessor("items", {
      id: "detail",
      header: words.detail,
      cell: (info) => {
        const items = info.getValue();
        return items.length === 0 ? (
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
        );
      },
      meta: { label: words.detail, valign: "top", className: "text-xs" },
    }),
  ]);
}
