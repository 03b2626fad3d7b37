"use client";

import { AlertTriangle, RotateCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "./button";

/** A failed load: the reason in words and a working Retry. Never an empty table. */
export function ErrorState({
  title,
  error,
  onRetry,
  retrying,
}: {
  title?: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const t = useTranslations("common");
  const message = error instanceof Error && error.message ? error.message : error ? String(error) : t("states.unknownError");
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
      <div className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden className="h-4 w-4" /> {title ?? t("states.couldNotLoad")}
      </div>
      <p className="text-sm">{message}</p>
      {onRetry ? (
        <Button onClick={onRetry} disabled={retrying} size="sm">
          <RotateCw aria-hidden className={retrying ? "h-4 w-4 animate-spin" : "h-4 w-4"} /> {t("actions.retry")}
        </Button>
      ) : null}
    </div>
  );
}
