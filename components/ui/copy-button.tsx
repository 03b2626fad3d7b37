import { cn } from "@/lib/utils";
import { MaskIcon } from "./mask-icon";

/**
 * A button that copies `value` to the clipboard. It holds no state and no handler of its own:
 * one listener for the whole document (`CopyFeedback`, mounted once in the providers) copies,
 * marks the button `data-copied` for a moment (the check icon shows) and says "Copied" in one
 * live region. A page of 100 payments has 200 of these, and each filter change replaces them.
 */
export function CopyButton({ value, label, className }: { value: string; label: string; className?: string }) {
  return (
    <button
      type="button"
      data-copy={value}
      data-copy-label={label}
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
      className={cn("group inline-flex h-6 w-6 shrink-0 items-center justify-center rounded text-fg-muted hover:bg-surface-muted hover:text-fg", className)}
    >
      <MaskIcon name="copy" className="h-3.5 w-3.5 group-data-copied:hidden" />
      <MaskIcon name="check" className="hidden h-3.5 w-3.5 text-green-700 group-data-copied:inline-block dark:text-green-400" />
    </button>
  );
}
