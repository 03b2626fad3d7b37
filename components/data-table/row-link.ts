/**
 * Plain rows (no `onOpenRow`) open through their first cell's link, which covers the whole row:
 * one Tab stop per row, Enter opens, middle click opens a new tab, and the cells' own links and
 * buttons stay above it (`relative z-10`). The row must be `relative` (`COVERED_ROW`).
 */
export const ROW_LINK =
  "font-medium text-blue-700 underline-offset-2 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:outline focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-focus dark:text-blue-300";

export const COVERED_ROW = "relative cursor-pointer";
