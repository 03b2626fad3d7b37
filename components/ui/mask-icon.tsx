import type { MaskIconName } from "@/lib/icons/mask-icons-css";
import { cn } from "@/lib/utils";

/**
 * The classes of a decorative icon drawn with a CSS mask in the text colour (app/icons.css):
 * one `<span aria-hidden>` rendered in place, no SVG tree and no component of its own, for
 * icons repeated on every table row. Size it with className ("h-3.5 w-3.5").
 */
export function maskIconClass(name: MaskIconName, className?: string): string {
  return cn("icon", `icon-${name}`, className);
}
