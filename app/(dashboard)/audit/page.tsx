import type { Metadata } from "next";
import { AuditFilters, type AuditFilterValues } from "@/components/audit/audit-filters";
import { AuditPagination } from "@/components/audit/audit-pagination";
import { AuditTable } from "@/components/audit/audit-table";
import { requirePageUser } from "@/lib/auth/guard";
import { listAudit, type AuditPage } from "@/lib/db/audit";
import { parseAuditQuery } from "@/lib/db/audit-filters";

export const metadata: Metadata = { title: "Audit log" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function first(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v?.trim() ? v.trim() : undefined;
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
  const parsed = parseAuditQuery(values);
  let result: AuditPage | null = null;
  let failure: string | null = null;
  if (parsed.ok) {
    try {
      result = await listAudit(parsed.query);
    } catch (error) {
      console.error("[audit] listing failed:", error);
      failure = "The audit log could not be read from the store.";
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">Audit log</h1>
        <p className="text-sm text-fg-muted">
          Every sign-in, failed sign-in, sign-out, transfer registration, export and role change. Entries are
          appended and never changed.
        </p>
      </div>
      <AuditFilters values={values} errors={parsed.ok ? {} : parsed.fields} />
      {!parsed.ok ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          Some filters could not be read: {Object.entries(parsed.fields).map(([k, m]) => `${k} ${m}`).join("; ")}.
        </p>
      ) : null}
      {failure ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
          <p className="font-semibold">Could not load the audit log</p>
          <p>{failure}</p>
          <a href="" className="underline">Retry</a>
        </div>
      ) : null}
      {result ? (
        <>
          <AuditTable entries={result.entries} />
          <AuditPagination page={result.page} pageCount={result.pageCount} total={result.total} query={values} />
        </>
      ) : null}
    </div>
  );
}
