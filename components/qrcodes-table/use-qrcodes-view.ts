"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import type { FilterPatch } from "@/components/data-table/features";
import { qrcodeListQueries } from "@/lib/queries/qrcodes-list";
import { QRCODES_FILTER_KEYS, qrcodesSearchParams, toQrcodeListParams, type QrcodesSearchValues } from "@/lib/search-params/qrcodes";

type Patch = Partial<{ [K in keyof QrcodesSearchValues]: QrcodesSearchValues[K] | null }>;

/**
 * The charges table's view, read from and written to the URL (the single source of truth):
 * every change is a history entry, a filter change goes back to page 1, defaults stay out of
 * the URL. A change starts its request at once, before React renders the new view.
 */
export function useQrcodesView() {
  const [values, setValues] = useQueryStates(qrcodesSearchParams, { clearOnDefault: true, history: "push" });
  const params = useMemo(() => toQrcodeListParams(values), [values]);
  const queryClient = useQueryClient();

  const apply = useCallback(
    (next: Patch) => {
      const merged = { ...values, ...next, page: next.page === undefined ? values.page : (next.page ?? 1) };
      void queryClient.prefetchQuery(qrcodeListQueries.list(toQrcodeListParams(merged)));
      void setValues(next);
    },
    [values, queryClient, setValues],
  );

  const setFilters = useCallback(
    (patch: FilterPatch) => {
      const next: Patch = { page: null };
      for (const key of QRCODES_FILTER_KEYS) if (key in patch) next[key] = patch[key] ?? null;
      apply(next);
    },
    [apply],
  );

  const setPage = useCallback((page: number) => apply({ page: page <= 1 ? null : page }), [apply]);

  return { values, params, setFilters, setPage };
}
