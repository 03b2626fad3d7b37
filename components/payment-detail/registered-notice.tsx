import { CircleCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";

/** Shown once after the register form lands here: the transfer went through. */
export function RegisteredNotice() {
  const t = useTranslations("paymentDetail.registered");
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-950 dark:border-green-800 dark:bg-green-950/40 dark:text-green-100"
    >
      <p className="flex items-center gap-2">
        <CircleCheck aria-hidden className="h-4 w-4 shrink-0" />
        <span>
          <span className="font-medium">{t("title")}</span> {t("text")}
        </span>
      </p>
      <Link href="/payments/new" className="font-medium underline">
        {t("another")}
      </Link>
    </div>
  );
}
