"use client";

import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import { useLiveConnection, type LiveConnectionState } from "./live-store";

const DOT: Record<LiveConnectionState, string> = {
  open: "bg-emerald-500",
  connecting: "bg-gray-400",
  reconnecting: "bg-amber-500 animate-pulse",
  offline: "bg-red-500",
};

/**
 * The header's live-updates indicator: a word and a dot (never colour alone). On a phone the
 * word is read out but not shown, so the header stays on one line.
 */
export function LiveIndicator({ className }: { className?: string }) {
  const t = useTranslations("layout.live");
  const shown = useLiveConnection();
  return (
    <span
      role="status"
      aria-live="polite"
      title={t(`${shown}.title`)}
      data-live-state={shown}
      className={cn(
        "inline-flex h-8 items-center gap-1.5 whitespace-nowrap rounded-full px-1.5 text-xs font-medium text-fg-muted sm:h-auto sm:border sm:border-border sm:px-2 sm:py-0.5",
        className,
      )}
    >
      <span aria-hidden className={cn("h-2 w-2 shrink-0 rounded-full", DOT[shown])} />
      <span className="sr-only sm:not-sr-only">{t(`${shown}.label`)}</span>
    </span>
  );
}
