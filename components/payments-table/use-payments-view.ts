"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import type { FilterPatch } from "@/components/data-table/features";
import { paymentQueries } from "@/lib/queries/payments";
import {
  PAYMENTS_FILTER_KEYS,
  paymentsSearchParams,
  toListParams,
  type PaymentsSearchValues,
} from "@/lib/search-params/payments";

type Patch = Partial<{ [K in keyof PaymentsSearchValues]: PaymentsSearchValues[K] | null }>;

/**
 * The table's view, read from and written to the URL (the single source of truth). Every
 * change is a history entry, so back and forward walk through views; a filter change goes
 * back to page 1; defaults (page 1, empty filters) are left out of the URL.
 *
 * A change starts its request at once, before React renders the new view (the table's render
 * with the old rows would otherwise delay it); the table's own query then finds it in flight
 * under the same key.
 */
export function usePaymentsView() {
  const [values, setValues] = useQueryStates(paymentsSearchParams, { clearOnDefault: true, history: "push" });
  const params = useMemo(() => toListParams(values), [values]);
  const queryClient = useQueryClient();

  const apply = useCallback(
    (next: Patch) => {
      const merged = { ...values, ...next, page: next.page === undefined ? values.page : (next.page ?? 1) };
      void queryClient.prefetchQuery(paymentQueries.list(toListParams(merged)));
      void setValues(next);
    },
    [values, queryClient, setValues],
  );

  const setFilters = useCallback(
    (patch: FilterPatch) => {
      const next: Patch = { page: null };
      for (const key of PAYMENTS_FILTER_KEYS) if (key in patch) next[key] = patch[key] ?? null;
      apply(next);
    },
    [apply],
  );

  const setPage = useCallback((page: number) => apply({ page: page <= 1 ? null : page }), [apply]);

  /** Drops values from the URL without a history entry (the ignored ones of a pasted link). */
  const dropFromUrl = useCallback(
    (keys: ReadonlyArray<keyof PaymentsSearchValues>) => {
      const next: Patch = {};
      for (const key of keys) next[key] = null;
      void setValues(next, { history: "replace" });
    },
    [setValues],
  );

  return { values, params, setFilters, setPage, dropFromUrl };
}
