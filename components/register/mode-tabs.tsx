import type { UseFormRegisterReturn } from "react-hook-form";
import { INITIATION_TYPES, type InitiationType } from "@/lib/contract";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";

/**
 * "By Pix key" / "By bank account" as a radio group that looks like tabs: native radios keep
 * arrow-key movement and announce the choice.
 */
export function ModeTabs({
  field,
  value,
  disabled,
}: {
  field: UseFormRegisterReturn<"initiation_type">;
  value: InitiationType;
  disabled?: boolean;
}) {
  const g = useTranslations("glossary");
  return (
    <fieldset className="flex flex-col gap-1.5" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{g("initiationType")}</legend>
      <div className="inline-flex w-fit rounded-lg border border-border bg-surface-muted p-1">
        {INITIATION_TYPES.map((mode) => (
          <label
            key={mode}
            className={cn(
              "relative cursor-pointer rounded-md px-3.5 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus",
              value === mode ? "bg-surface text-fg shadow-sm" : "text-fg-muted",
            )}
          >
            {/* Transparent over the whole tab: the radio itself takes the click and keeps arrow keys. */}
            <input type="radio" value={mode} className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0" {...field} />
            {g(`initiation.${mode}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
