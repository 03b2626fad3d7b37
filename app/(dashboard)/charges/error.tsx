"use client";

import { useTranslations } from "next-intl";
import { ErrorState } from "@/components/ui/error-state";

/** A failure while opening a charges page: the reason and a Retry that renders it again. */
export default function ChargesError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("charges");
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
      <ErrorState error={error} onRetry={retry} />
    </div>
  );
}
