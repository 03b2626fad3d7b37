import { Ban, Check, CheckCircle2, Clock, Copy, Send, ShieldCheck } from "lucide-react";

/**
 * Icons drawn many times on one page, defined once per document: each use is then
 * `<svg><use href="#icon-…"/></svg>` (SpriteIcon), two elements and no component. The payments
 * table draws three per row (status, two copy buttons): as lucide components they were about a
 * fifth of the browser's work per filter change (300 SVGs built, ~3,300 attributes set; measured
 * with a CPU profile of 10 changes). Rendered on the server in the root layout: no JavaScript.
 */
export const SPRITE_ICONS = {
  copy: Copy,
  check: Check,
  clock: Clock,
  "shield-check": ShieldCheck,
  send: Send,
  "check-circle": CheckCircle2,
  ban: Ban,
} as const;

export type SpriteIconName = keyof typeof SPRITE_ICONS;

export function IconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" className="pointer-events-none absolute h-0 w-0 overflow-hidden">
      {Object.entries(SPRITE_ICONS).map(([name, Icon]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}
