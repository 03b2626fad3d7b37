"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useTransferAction } from "./use-transfer-action";

/**
 * Its maker releases a held request once what held it is mended (the balance topped up): it is
 * checked again before it goes, and held again if the reason still stands.
 */
export function ReleaseRequest({ id }: { id: string }) {
  const t = useTranslations("transfers.actions");
  const release = useTransferAction(id, "release");
  return (
    <div className="flex flex-col gap-2" data-testid="release-request">
      <p className="text-sm text-fg-muted">{t("releaseHint")}</p>
      <Button className="w-fit" onClick={() => release.mutate({})} disabled={release.isPending} aria-busy={release.isPending}>
        {release.isPending ? t("releasing") : t("release")}
      </Button>
      {release.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {release.error.message}
        </p>
      ) : null}
    </div>
  );
}
