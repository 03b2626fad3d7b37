"use client";

import { ArrowLeft } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useSyncExternalStore, type MouseEvent } from "react";
import { cn } from "@/lib/utils";

type NavigationLike = { currentEntry: { index: number } | null; entries: () => Array<{ url: string | null }> };

/** The table's URL (path + filters) when `url` is the payments table of this site. */
function asTableUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.href);
    if (parsed.origin !== window.location.origin || parsed.pathname !== "/payments") return null;
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
}

/**
 * The page before this one when it is the payments table. The Navigation API sees in-app
 * (client-side) moves too; document.referrer only full loads. Null when unknown.
 */
function previousTableUrl(): string | null {
  const navigation = (window as unknown as { navigation?: NavigationLike }).navigation;
  const current = navigation?.currentEntry;
  if (navigation && current && typeof navigation.entries === "function") {
    const previous = navigation.entries()[current.index - 1];
    if (previous) return asTableUrl(previous.url);
  }
  return asTableUrl(document.referrer);
}

const subscribe = () => () => {};

/**
 * "Back to payments": steps back in history when the previous page is the table, so its
 * filters, page and scroll come back as they were; otherwise a plain link to /payments.
 */
export function BackToPayments({ className }: { className?: string }) {
  const t = useTranslations("paymentDetail");
  const router = useRouter();
  const previous = useSyncExternalStore(subscribe, previousTableUrl, () => null);

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!previous || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    router.back();
  }

  return (
    <Link
      href={previous ?? "/payments"}
      onClick={onClick}
      className={cn("inline-flex items-center gap-1.5 text-sm font-medium text-blue-700 hover:underline dark:text-blue-300", className)}
    >
      <ArrowLeft aria-hidden className="h-4 w-4" /> {t("backToPayments")}
    </Link>
  );
}
