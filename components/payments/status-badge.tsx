import { useTranslations } from "next-intl";
import { maskIconClass } from "@/components/ui/mask-icon";
import type { MaskIconName } from "@/lib/icons/mask-icons-css";
import type { PaymentStatus } from "@/lib/contract";
import { cn } from "@/lib/utils";

type StatusLook = { icon: MaskIconName; className: string };

/** Each status has a word (glossary.paymentStatus) and an icon as well as a colour: never colour alone. */
const PAYMENT_STATUS_LOOK: Record<PaymentStatus, StatusLook> = {
  authorization_pending: {
    icon: "clock",
    className: "bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800",
  },
  auto_authorization: {
    icon: "shield-check",
    className: "bg-sky-100 text-sky-900 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800",
  },
  sent: {
    icon: "send",
    className: "bg-indigo-100 text-indigo-900 ring-indigo-300 dark:bg-indigo-950 dark:text-indigo-200 dark:ring-indigo-800",
  },
  completed: {
    icon: "check-circle",
    className: "bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800",
  },
  canceled: {
    icon: "ban",
    className: "bg-rose-100 text-rose-900 ring-rose-300 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-800",
  },
};

const UNKNOWN_LOOK: StatusLook = {
  icon: "clock",
  className: "bg-gray-100 text-gray-900 ring-gray-300 dark:bg-gray-800 dark:text-gray-100 dark:ring-gray-600",
};

export function isPaymentStatus(status: string): status is PaymentStatus {
  return Object.hasOwn(PAYMENT_STATUS_LOOK, status);
}

/** A status's word in the reader's language; an unknown status as the provider sent it. */
export function usePaymentStatusLabel(): (status: string) => string {
  const t = useTranslations("glossary.paymentStatus");
  return (status) => (isPaymentStatus(status) ? t(status) : status);
}

/** `size="md"`: the detail page's headline badge. */
export function StatusBadge({ status, size = "sm", className }: { status: string; size?: "sm" | "md"; className?: string }) {
  const t = useTranslations("glossary.paymentStatus");
  const known = isPaymentStatus(status);
  const look = known ? PAYMENT_STATUS_LOOK[status] : UNKNOWN_LOOK;
  return (
    <span
      data-status={status}
      className={cn("inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 font-medium ring-1 ring-inset", size === "md" ? "text-sm" : "text-xs", look.className, className)}
    >
      <span aria-hidden className={maskIconClass(look.icon, "h-3 w-3")} />
      {known ? t(status) : status}
    </span>
  );
}
