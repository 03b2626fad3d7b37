/**
 * Theme for recharts' SVG, in CSS: axis text, axis lines, grid and bar labels follow the
 * theme variables (bg-surface, text-fg...), so charts are legible in light and dark without
 * reading colours in JavaScript or re-rendering when the theme toggles.
 */
export const CHART_THEME_CLASS = [
  "w-full text-xs",
  "[&_.recharts-cartesian-axis-tick_text]:fill-fg-muted",
  "[&_.recharts-cartesian-axis-line]:stroke-border",
  "[&_.recharts-cartesian-axis-tick-line]:stroke-border",
  "[&_.recharts-cartesian-grid_line]:stroke-border",
  "[&_.recharts-label]:fill-fg",
  "[&_.recharts-bar-rectangle]:outline-none",
  "[&_.recharts-surface]:overflow-visible",
].join(" ");
