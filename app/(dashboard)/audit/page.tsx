import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuditExport } from "@/components/audit/audit-export";
import { AuditFilters, type AuditFilterValues } from "@/components/audit/audit-filters";
import { auditRows } from "@/components/audit/audit-rows";
import { AuditTable } from "@/components/audit/audit-table";
import { ListPagination } from "@/components/data-table/list-pagination";
import { requirePageUser } from "@/lib/auth/guard";
import { listAudit, type AuditPage } from "@/lib/db/audit";
import { parseAuditQueryLeniently } from "@/lib/audit/filters";
import { messageOrKey } from "@/components/payment-detail/message-or-key";
import { Notice } from "@/components/ui/notice";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audit"))("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function first(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v?.trim() ? v.trim() : undefined;
}

/** A pasted value can be 10 kB: enough of it to recognise. */
function shorten(value: string): string {
  return value.length > 60 ? `${value.slice(0, 60)}…` : value;
}

const count = new Intl.NumberFormat("pt-BR");

/** Another page of the log with the same filters. */
function auditHref(filters: Record<string, string | undefined>, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value && key !== "page") params.set(key, value);
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `/audit?${qs}` : "/audit";
}

/** This page's URL with its filters, so signing in comes back to the same view. */
function currentPath(raw: Record<string, string | string[] | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    const v = first(value);
    if (v) query.set(key, v);
  }
  const qs = query.toString();
  return qs ? `/audit?${qs}` : "/audit";
}

export default async function AuditLogPage({ searchParams }: Props) {
  const raw = await searchParams;
  await requirePageUser("audit", currentPath(raw));
  const values: AuditFilterValues & { page?: string } = {
    action: first(raw.action),
    actor: first(raw.actor),
    outcome: first(raw.outcome),
    from: first(raw.from),
    to: first(raw.to),
    page: first(raw.page),
  };
  const { query, usable, ignored } = parseAuditQueryLeniently(values);
  const t = await getTranslations();
  const ignoredWords = Object.fromEntries(Object.entries(ignored).map(([key, message]) => [key, messageOrKey(message, t) ?? message]));
  let result: AuditPage | null = null;
  let failed = false;
  try {
    result = await listAudit(query);
  } catch (error) {
    console.error("[audit] listing failed:", error);
    failed = true;
  }
  // The filters' names as the form says them.
  const fieldLabel = (key: string) =>
    key === "action" || key === "actor" || key === "outcome"
      ? t(`exports.auditColumns.${key}`)
      : key === "from" || key === "to"
        ? t(`table.dateRange.${key}`)
        : key === "page"
          ? t("payments.params.page")
          : key;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 max-w-3xl">
          <h1 className="text-xl font-semibold text-fg">{t("audit.title")}</h1>
          <p className="text-sm text-fg-muted">{t("audit.intro")}</p>
        </div>
        {result ? <AuditExport filters={usable} total={result.total} /> : null}
      </div>
      <AuditFilters values={values} errors={ignoredWords} />
      {Object.keys(ignoredWords).length ? (
        <Notice>
          {t("audit.ignored", {
            list: Object.entries(ignoredWords)
              .map(([key, message]) => `${fieldLabel(key)} “${shorten(values[key as keyof typeof values] ?? "")}”: ${message}`)
              .join("; "),
          })}
        </Notice>
      ) : null}
      {failed ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
          <p className="font-semibold">{t("audit.couldNotLoad")}</p>
          <p>{t("audit.storeFailure")}</p>
          <a href="" className="underline">
            {t("common.actions.retry")}
          </a>
        </div>
      ) : null}
      {result ? (
        <>
          <AuditTable rows={auditRows(result.entries, t)} caption={t("audit.table.caption")} empty={t("audit.table.empty")} />
          <ListPagination
            label={t("audit.pagination.label")}
            summary={t("audit.pagination.summary", {
              page: count.format(Math.min(result.page, result.pageCount)),
              count: count.format(result.pageCount),
              total: result.total,
              entries: count.format(result.total),
            })}
            page={result.page}
            pageCount={result.pageCount}
            href={(target) => auditHref(usable, target)}
          />
        </>
      ) : null}
    </div>
  );
}
