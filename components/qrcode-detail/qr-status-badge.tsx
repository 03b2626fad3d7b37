import { AlertOctagon, Ban, CheckCircle2, Hourglass, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { QrcodeStatus } from "@/lib/contract";
import { cn } from "@/lib/utils";

type Look = { icon: LucideIcon; className: string };

/** QR code (charge) statuses: a word (glossary.qrcodeStatus) and an icon as well as a colour. */
const QR_STATUS_LOOK: Record<QrcodeStatus, Look> = {
  error: {
    icon: AlertOctagon,
    className: "bg-red-100 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-800",
  },
  awaiting_payment: {
    icon: Hourglass,
    className: "bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800",
  },
  paid: {
    icon: CheckCircle2,
    className: "bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800",
  },
  canceled: {
    icon: Ban,
    className: "bg-rose-100 text-rose-900 ring-rose-300 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-800",
  },
};

const UNKNOWN_LOOK: Look = {
  icon: Hourglass,
  className: "bg-gray-100 text-gray-900 ring-gray-300 dark:bg-gray-800 dark:text-gray-100 dark:ring-gray-600",
};

function isQrcodeStatus(status: string): status is QrcodeStatus {
  return Object.hasOwn(QR_STATUS_LOOK, status);
}

/** `size="md"`: the QR code page's headline badge. */
export function QrStatusBadge({ status, size = "sm", className }: { status: string; size?: "sm" | "md"; className?: string }) {
  const t = useTranslations();
  const known = isQrcodeStatus(status);
  const look = known ? QR_STATUS_LOOK[status] : UNKNOWN_LOOK;
  const Icon = look.icon;
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 font-medium ring-1 ring-inset",
        size === "md" ? "text-sm" : "text-xs",
        look.className,
        className,
      )}
    >
      <Icon aria-hidden className="h-3 w-3" />
      <span className="sr-only">{t("qrcodeDetail.statusPrefix")} </span>
      {known ? t(`glossary.qrcodeStatus.${status}`) : status}
    </span>
  );
}
