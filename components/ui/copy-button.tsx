import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import { maskIconClass } from "./mask-icon";

/**
 * A button that copies `value` to the clipboard; `label` names what it copies ("Reference code").
 * It holds no state and no handler of its own: one listener for the whole document
 * (`CopyFeedback`, mounted once in the providers) copies, marks the button `data-copied` for a
 * moment (its icon turns into a check) and says "Copied" in one live region. A page of 100
 * payments has 200 of these, and each filter change re-renders them.
 */
export function CopyButton({ value, label, className }: { value: string; label: string; className?: string }) {
  const t = useTranslations("common.copy");
  const name = t("label", { what: label });
  return (
    <button
      type="button"
      data-copy={value}
      data-copy-label={label}
      aria-label={name}
      title={name}
      className={cn("group inline-flex h-6 w-6 shrink-0 items-center justify-center rounded text-fg-muted hover:bg-surface-muted hover:text-fg", className)}
    >
      {/* One icon: a check while the button is `data-copied` (app/icons.css). */}
      <span aria-hidden className={maskIconClass("copy", "h-3.5 w-3.5 group-data-copied:text-green-700 dark:group-data-copied:text-green-400")} />
    </button>
  );
}
