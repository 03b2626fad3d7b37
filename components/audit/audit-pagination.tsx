import { useTranslations } from "next-intl";
import Link from "next/link";

const count = new Intl.NumberFormat("pt-BR");

/** "Page 2 of 7 · 318 entries" with Previous/Next links that keep the filters. */
export function AuditPagination({
  page,
  pageCount,
  total,
  query,
}: {
  page: number;
  pageCount: number;
  total: number;
  query: Record<string, string | undefined>;
}) {
  const t = useTranslations();
  const href = (target: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v && k !== "page") params.set(k, v);
    if (target > 1) params.set("page", String(target));
    const qs = params.toString();
    return qs ? `/audit?${qs}` : "/audit";
  };
  const linkClass = "inline-flex h-8 items-center rounded-md border border-border bg-surface px-2.5 text-sm text-fg hover:bg-surface-muted";
  const disabledClass = "inline-flex h-8 items-center rounded-md border border-border px-2.5 text-sm text-fg-muted opacity-50";
  const previous = t("common.actions.previous");
  const next = t("common.actions.next");
  return (
    <nav aria-label={t("audit.pagination.label")} className="flex flex-wrap items-center justify-between gap-2 text-sm text-fg-muted">
      <p>
        {t("audit.pagination.summary", {
          page: count.format(Math.min(page, pageCount)),
          count: count.format(pageCount),
          total,
          entries: count.format(total),
        })}
      </p>
      <div className="flex gap-2">
        {page > 1 ? <Link className={linkClass} href={href(page - 1)} rel="prev">{previous}</Link> : <span className={disabledClass} aria-disabled="true">{previous}</span>}
        {page < pageCount ? <Link className={linkClass} href={href(page + 1)} rel="next">{next}</Link> : <span className={disabledClass} aria-disabled="true">{next}</span>}
      </div>
    </nav>
  );
}
