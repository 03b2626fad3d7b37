import { columnVisibilityFeature, metaHelper, rowPaginationFeature, tableFeatures } from "@tanstack/react-table";

/**
 * A column's filter, declared in its `meta` so that the toolbar, the chips and the empty
 * state stay generic: they read these and know nothing of payments. `key`s are URL keys.
 */
export type TextFilterMeta = {
  kind: "text";
  key: string;
  label: string;
  placeholder?: string;
  inputMode?: "text" | "numeric";
  /** Tidies what was typed before it is checked and committed (e.g. drop dots from a CPF). */
  normalize?: (value: string) => string;
  /** The reason a (normalized) value cannot be sent, or null. */
  validate?: (value: string) => string | null;
};

export type SelectFilterMeta = {
  kind: "select";
  key: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The label of the "no filter" option, e.g. "Any status". */
  anyLabel: string;
};

export type DatePreset = { id: string; label: string; resolve: () => { start: string; end: string } };

export type DateRangeFilterMeta = {
  kind: "dateRange";
  startKey: string;
  endKey: string;
  label: string;
  presets: readonly DatePreset[];
  /** "YYYY-MM-DD" of the start day -> URL value (e.g. "2026-03-01T00:00:00"), and back. */
  toStartValue: (day: string) => string;
  toEndValue: (day: string) => string;
  toDay: (value: string) => string;
  /** How a URL value reads in a chip. */
  formatValue: (value: string) => string;
};

export type FilterMeta = TextFilterMeta | SelectFilterMeta | DateRangeFilterMeta;

type DataTableColumnMeta = {
  /** The column's name in the column chooser (headers may be shorter or icons). */
  label: string;
  filter?: FilterMeta;
  align?: "start" | "end";
  /** Extra classes for the column's cells (only adding: `muted` and `valign` say colour and alignment). */
  className?: string;
  /** Secondary values: the cells in the muted text colour. */
  muted?: boolean;
  /** Cells aligned to the top of their row (lists whose rows have lines of different heights). */
  valign?: "top";
  /**
   * The column's width (CSS, e.g. "9rem") in the table's fixed layout; columns without one share
   * the rest, and their cut values show in full on hover (title) or focus.
   */
  width?: string;
};

/** Server-owned data: only pagination and column visibility are table features here. */
export const dataTableFeatures = tableFeatures({
  rowPaginationFeature,
  columnVisibilityFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
});
export type DataTableFeatures = typeof dataTableFeatures;

export type FilterValues = Readonly<Record<string, string | null>>;
export type FilterPatch = Record<string, string | null>;
