import type { MaskIconName } from "@/lib/icons/mask-icons-css";
import { cn } from "@/lib/utils";

/**
 * A decorative icon drawn with a CSS mask in the text colour (app/icons.css): one box, no SVG
 * tree, for icons repeated on every table row. Size it with className ("h-3.5 w-3.5").
 */
export function MaskIcon({ name, className }: { name: MaskIconName; className?: string }) {
  return <span aria-hidden className={cn("icon", `icon-${name}`, className)} />;
}
