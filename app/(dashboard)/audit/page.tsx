import type { Metadata } from "next";
import { AuditFilters, type AuditFilterValues } from "@/components/audit/audit-filters";
import { AuditPagination } from "@/components/audit/audit-pagination";
import { AuditTable } from "@/components/audit/audit-table";
import { requirePageUser } from "@/lib/auth/guard";
import { listAudit, type AuditPage } from "@/lib/db/audit";
import { parseAuditQueryLeniently } from "@/lib/db/audit-filters";
import { Notice } from "@/components/ui/notice";

export const metadata: Metadata = { title: "Audit log" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function first(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v?.trim() ? v.trim() : undefined;
}

/** A pasted value can be 10 kB: enough of it to recognise. */
function shorten(value: string): string {
  return value.length > 60 ? `${value.slice(0, 60)}…` : value;
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
  let result: AuditPage | null = null;
  let failure: string | null = null;
  try {
    result = await listAudit(query);
  } catch (error) {
    console.error("[audit] listing failed:", error);
    failure = "The audit log could not be read from the store.";
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
      <AuditFilters values={values} errors={ignored} />
      {Object.keys(ignored).length ? (
        <Notice>
          Some values in the link could not be read and were ignored:{" "}
          {Object.entries(ignored)
            .map(([key, message]) => `${key} “${shorten(values[key as keyof typeof values] ?? "")}” ${message}`)
            .join("; ")}
          .
        </Notice>
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
          <AuditPagination page={result.page} pageCount={result.pageCount} total={result.total} query={usable} />
        </>
      ) : null}
    </div>
  );
}
