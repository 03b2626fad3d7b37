import type { PaymentStatus } from "@/lib/contract/enums";
import { PAYMENT_STATUSES } from "@/lib/contract/values";

/**
 * Status colours from the Okabe-Ito palette (safe for the common colour-vision deficiencies),
 * chosen to keep at least 3:1 against both the light and the dark surface. Colour is never the
 * only cue: every series has a label in the legend, the tooltip and the table, and two statuses
 * also carry a pattern so neighbouring segments differ in texture, not just hue.
 */
type StatusStyle = { color: string; pattern?: "hatch" | "dots" };

const STATUS_CHART_STYLE: Record<PaymentStatus, StatusStyle> = {
  authorization_pending: { color: "#E69F00", pattern: "dots" }, // orange
  auto_authorization: { color: "#56B4E9" }, // sky blue
  sent: { color: "#0072B2" }, // blue
  completed: { color: "#009E73" }, // bluish green
  canceled: { color: "#D55E00", pattern: "hatch" }, // vermillion
};

const FALLBACK: StatusStyle = { color: "#CC79A7" }; // reddish purple: a status we do not know

export function statusStyle(status: string): StatusStyle {
  return (STATUS_CHART_STYLE as Record<string, StatusStyle>)[status] ?? FALLBACK;
}

/** The SVG fill of a status: its pattern when it has one, else its colour. */
export function statusFill(status: string, idPrefix: string): string {
  const style = statusStyle(status);
  return style.pattern ? `url(#${idPrefix}-${status})` : style.color;
}

/** `<defs>` with one pattern per patterned status; place inside each chart's SVG. */
export function StatusPatterns({ idPrefix }: { idPrefix: string }) {
  return (
    <defs>
      {PAYMENT_STATUSES.map((status) => {
        const { color, pattern } = STATUS_CHART_STYLE[status];
        if (!pattern) return null;
        return (
          <pattern key={status} id={`${idPrefix}-${status}`} width="6" height="6" patternUnits="userSpaceOnUse">
            <rect width="6" height="6" fill={color} />
            {pattern === "hatch" ? (
              <path d="M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2" stroke="rgba(255,255,255,0.75)" strokeWidth="1.2" />
            ) : (
              <circle cx="3" cy="3" r="1.1" fill="rgba(0,0,0,0.55)" />
            )}
          </pattern>
        );
      })}
    </defs>
  );
}

/** A small legend swatch (HTML) matching the chart fill, pattern included. */
export function StatusSwatch({ status }: { status: string }) {
  const { color, pattern } = statusStyle(status);
  const background =
    pattern === "hatch"
      ? `repeating-linear-gradient(-45deg, ${color} 0 3px, rgba(255,255,255,0.75) 3px 4px)`
      : pattern === "dots"
        ? `radial-gradient(rgba(0,0,0,0.55) 1px, ${color} 1.2px) 0 0 / 5px 5px`
        : color;
  return <span aria-hidden className="inline-block h-3 w-3 shrink-0 rounded-sm" style={{ background }} />;
}
