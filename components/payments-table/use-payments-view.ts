"use client";

import { useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import type { FilterPatch } from "@/components/data-table/features";
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
 */
export function usePaymentsView() {
  const [values, setValues] = useQueryStates(paymentsSearchParams, { clearOnDefault: true, history: "push" });
  const params = useMemo(() => toListParams(values), [values]);

  const setFilters = useCallback(
    (patch: FilterPatch) => {
      const next: Patch = { page: null };
      for (const key of PAYMENTS_FILTER_KEYS) if (key in patch) next[key] = patch[key] ?? null;
      void setValues(next);
    },
    [setValues],
  );

  const setPage = useCallback((page: number) => void setValues({ page: page <= 1 ? null : page }), [setValues]);

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
