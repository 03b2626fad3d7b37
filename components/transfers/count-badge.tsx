"use client";

import { cn } from "@/lib/utils";

/** A live count beside a navigation link, hidden at zero; its words for screen readers and the tooltip. */
export function CountBadge({ count, words, tone, testId }: { count: number; words: (count: number) => string; tone: "amber" | "red"; testId: string }) {
  if (count === 0) return null;
  return (
    <span
      className={cn(
        "rounded-full px-1.5 text-xs font-semibold leading-5 text-white",
        tone === "amber" ? "bg-amber-500 dark:bg-amber-400 dark:text-gray-950" : "bg-red-600 dark:bg-red-500",
      )}
      data-testid={testId}
      title={words(count)}
    >
      <span aria-hidden>{count}</span>
      <span className="sr-only">{words(count)}</span>
    </span>
  );
}
