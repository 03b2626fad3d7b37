"use client";

import { cn } from "@/lib/utils";
import { useLiveConnection, type LiveConnectionState } from "./live-store";

const LOOK: Record<LiveConnectionState, { label: string; title: string; dot: string }> = {
  open: { label: "Live", title: "Live updates on: changes appear without reloading", dot: "bg-emerald-500" },
  connecting: { label: "Connecting…", title: "Connecting to live updates", dot: "bg-gray-400" },
  reconnecting: { label: "Reconnecting…", title: "Live updates interrupted; reconnecting (missed changes will be caught up)", dot: "bg-amber-500 animate-pulse" },
  offline: { label: "Offline", title: "Live updates unavailable; retrying. Reload to see the latest data.", dot: "bg-red-500" },
};

/** The header's live-updates indicator: a word and a dot (never colour alone). */
export function LiveIndicator({ className }: { className?: string }) {
  const shown = useLiveConnection();
  const look = LOOK[shown];
  return (
    <span
      role="status"
      aria-live="polite"
      title={look.title}
      data-live-state={shown}
      className={cn("inline-flex items-center gap-1.5 rounded-full border border-border px-2 py-0.5 text-xs font-medium text-fg-muted", className)}
    >
      <span aria-hidden className={cn("h-2 w-2 rounded-full", look.dot)} />
      {look.label}
    </span>
  );
}
