"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import type { FilterValues } from "@/components/data-table/features";
import { ListExplorer } from "@/components/data-table/list-explorer";
import { Notice } from "@/components/ui/notice";
import type { QrcodeListItem } from "@/lib/contract/qrcode-list";
import { qrcodeHref } from "@/lib/lookup/route-param";
import { qrcodeListQueries } from "@/lib/queries/qrcodes-list";
import { QRCODES_FILTER_KEYS } from "@/lib/search-params/qrcodes";
import { buildQrcodeColumns, DEFAULT_HIDDEN_QRCODE_COLUMNS } from "./columns";
import { QrcodesTableSkeleton } from "./qrcodes-bits";
import { useQrcodesView } from "./use-qrcodes-view";

const NO_ROWS: QrcodeListItem[] = [];

/**
 * The charges (QR codes) explorer: URL state -> GET /api/qrcodes -> the generic list explorer.
 * The server page put this exact query in the cache: the first paint has rows. A row opens its
 * QR code record (by end-to-end ID); an unpaid charge has none yet. A QR code notification
 * invalidates `["qrcodes"]`, which refetches the page shown (live).
 */
export function QrcodesExplorer({ userKey, ignored }: { userKey: string; ignored: string[] }) {
  const t = useTranslations();
  const router = useRouter();
  const columns = useMemo(() => buildQrcodeColumns(t), [t]);
  const { values, params, setFilters, setPage } = useQrcodesView();
  const query = useQuery({ ...qrcodeListQueries.list(params), placeholderData: keepPreviousData });
  const [notice, setNotice] = useState(ignored);

  const filterValues = useMemo<FilterValues>(() => Object.fromEntries(QRCODES_FILTER_KEYS.map((key) => [key, values[key]])), [values]);
  const meta = query.data?.meta;
  const openRecord = useCallback(
    (q: QrcodeListItem) => {
      if (q.end_to_end) router.push(qrcodeHref(q.end_to_end));
    },
    [router],
  );

  return (
    <ListExplorer
      options={{
        columns,
        rows: query.data?.qrcodes ?? NO_ROWS,
        getRowId: (row) => row.reference_code,
        filterValues,
        page: params.page ?? 1,
        totalPages: meta?.total_pages,
        setPage,
        storage: { columns: `qrcodes-table.columns.v1.${userKey}`, density: `qrcodes-table.density.v1.${userKey}` },
        defaultVisibility: DEFAULT_HIDDEN_QRCODE_COLUMNS,
        busy: query.isPlaceholderData && query.isFetching,
      }}
      query={query}
      meta={meta}
      setFilters={setFilters}
      onToolbarChange={(patch) => {
        setNotice([]);
        setFilters(patch);
      }}
      words={{
        countLabel: t("qrcodes.totals.charges"),
        countTestId: "total-charges",
        valueLabel: t("qrcodes.totals.totalValue"),
        noFilters: t("qrcodes.noFilters"),
        couldNotLoad: t("qrcodes.couldNotLoad"),
        caption: t("qrcodes.caption"),
        timesNote: t("qrcodes.timesNote"),
        empty: { none: t("qrcodes.empty.none"), noMatch: t("qrcodes.empty.noMatch"), clearAll: t("qrcodes.empty.clearAll") },
      }}
      skeleton={<QrcodesTableSkeleton />}
      notices={notice.length > 0 ? <Notice>{t("qrcodes.ignored", { values: notice.join(", ") })}</Notice> : null}
      onOpenRow={openRecord}
    />
  );
}
