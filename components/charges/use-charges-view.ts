"use client";

import { useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import type { FilterPatch } from "@/components/data-table/features";
import { CHARGES_FILTER_KEYS, chargesSearchParams, toChargeListParams } from "@/lib/search-params/charges";

/**
 * The charges table's view, read from and written to the URL (the single source of truth): every
 * change is a history entry, a filter change goes back to page 1, defaults stay out of the URL.
 */
export function useChargesView() {
  const [values, setValues] = useQueryStates(chargesSearchParams, { clearOnDefault: true, history: "push" });
  const params = useMemo(() => toChargeListParams(values), [values]);

  const setFilters = useCallback(
    (patch: FilterPatch) => {
      const next: Record<string, string | null> = {};
      for (const key of CHARGES_FILTER_KEYS) if (key in patch) next[key] = patch[key] ?? null;
      void setValues({ ...next, page: null });
    },
    [setValues],
  );
  const setPage = useCallback((page: number) => void setValues({ page: page <= 1 ? null : page }), [setValues]);
  return { values, params, setFilters, setPage };
}
