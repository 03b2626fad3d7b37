import Link from "next/link";

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
  const href = (target: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v && k !== "page") params.set(k, v);
    if (target > 1) params.set("page", String(target));
    const qs = params.toString();
    return qs ? `/audit?${qs}` : "/audit";
  };
  const linkClass = "inline-flex h-8 items-center rounded-md border border-border bg-surface px-2.5 text-sm text-fg hover:bg-surface-muted";
  const disabledClass = "inline-flex h-8 items-center rounded-md border border-border px-2.5 text-sm text-fg-muted opacity-50";
  return (
    <nav aria-label="Audit log pages" className="flex flex-wrap items-center justify-between gap-2 text-sm text-fg-muted">
      <p>
        Page {Math.min(page, pageCount)} of {pageCount} · {total} {total === 1 ? "entry" : "entries"}
      </p>
      <div className="flex gap-2">
        {page > 1 ? <Link className={linkClass} href={href(page - 1)} rel="prev">Previous</Link> : <span className={disabledClass} aria-disabled="true">Previous</span>}
        {page < pageCount ? <Link className={linkClass} href={href(page + 1)} rel="next">Next</Link> : <span className={disabledClass} aria-disabled="true">Next</span>}
      </div>
    </nav>
  );
}
