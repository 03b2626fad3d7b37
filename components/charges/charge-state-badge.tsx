import { AlertOctagon, Ban, CalendarX, CheckCircle2, Hourglass, Loader, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ChargeState } from "@/lib/charges/states";
import { cn } from "@/lib/utils";

/** Each state with an icon as well as a colour (never colour alone). */
const LOOK: Record<ChargeState, { icon: LucideIcon; className: string }> = {
  creating: { icon: Loader, className: "bg-gray-100 text-gray-900 ring-gray-300 dark:bg-gray-800 dark:text-gray-100 dark:ring-gray-600" },
  awaiting_payment: { icon: Hourglass, className: "bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800" },
  paid: { icon: CheckCircle2, className: "bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800" },
  expired: { icon: CalendarX, className: "bg-gray-100 text-gray-900 ring-gray-300 dark:bg-gray-800 dark:text-gray-100 dark:ring-gray-600" },
  error: { icon: AlertOctagon, className: "bg-red-100 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-800" },
  withdrawn: { icon: Ban, className: "bg-rose-100 text-rose-900 ring-rose-300 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-800" },
};

export function ChargeStateBadge({ state, size = "sm" }: { state: ChargeState; size?: "sm" | "md" }) {
  const t = useTranslations("charges");
  const { icon: Icon, className } = LOOK[state];
  return (
    <span
      data-state={state}
      className={cn("inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 font-medium ring-1 ring-inset", size === "md" ? "text-sm" : "text-xs", className)}
    >
      <Icon aria-hidden className="h-3 w-3" />
      {t(`states.${state}`)}
    </span>
  );
}
