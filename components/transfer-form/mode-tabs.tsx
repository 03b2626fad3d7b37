import { INITIATION_TYPES, type InitiationType } from "@/lib/contract";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";

/** How the receiver is given: a key, bank data, or a pasted Pix Copia e Cola (paid as a key transfer). */
export type EntryMode = InitiationType | "brcode";
const ENTRY_MODES: readonly EntryMode[] = [...INITIATION_TYPES, "brcode"];

/**
 * "By Pix key" / "By bank account" / "Pix Copia e Cola" as a radio group that looks like tabs:
 * native radios keep arrow-key movement and announce the choice.
 */
export function ModeTabs({
  value,
  onChange,
  disabled,
}: {
  value: EntryMode;
  onChange: (mode: EntryMode) => void;
  disabled?: boolean;
}) {
  const g = useTranslations("glossary");
  const t = useTranslations("register.brcode");
  return (
    <fieldset className="flex flex-col gap-1.5" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{g("initiationType")}</legend>
      <div className="inline-flex w-fit flex-wrap rounded-lg border border-border bg-surface-muted p-1">
        {ENTRY_MODES.map((mode) => (
          <label
            key={mode}
            className={cn(
              "relative cursor-pointer rounded-md px-3.5 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus",
              value === mode ? "bg-surface text-fg shadow-sm" : "text-fg-muted",
            )}
          >
            {/* Transparent over the whole tab: the radio itself takes the click and keeps arrow keys. */}
            <input
              type="radio"
              name="entry_mode"
              value={mode}
              checked={value === mode}
              onChange={() => onChange(mode)}
              className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
            />
            {mode === "brcode" ? t("tab") : g(`initiation.${mode}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
