"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { batchQueries } from "@/lib/queries/batches";
import { BatchesTable } from "./batches-table";

/** /batches: every batch, newest first, with its totals, state and how far its rows got. */
export function BatchesList({ canCreate }: { canCreate: boolean }) {
  const t = useTranslations("batches.list");
  const query = useQuery({ ...batchQueries.list(1), refetchInterval: 5_000 });
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
          <p className="max-w-3xl text-sm text-fg-muted">{t("intro")}</p>
        </div>
        {canCreate ? (
          <Link href="/batches/new" className={buttonVariants({ variant: "primary" })}>
            {t("new")}
          </Link>
        ) : null}
      </div>
      {query.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : query.isError ? (
        <ErrorState title={t("loadError")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.batches.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-fg-muted">
          {t("empty")}
        </p>
      ) : (
        <BatchesTable batches={query.data.batches} caption={t("title")} />
      )}
    </div>
  );
}
