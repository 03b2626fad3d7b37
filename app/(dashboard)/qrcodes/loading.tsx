import { getTranslations } from "next-intl/server";
import { QrcodesTableSkeleton } from "@/components/qrcodes-table/qrcodes-bits";
import { Skeleton } from "@/components/ui/skeleton";

export default async function QrcodesLoading() {
  const t = await getTranslations("qrcodes");
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <p className="text-sm text-fg-muted">{t("intro")}</p>
      </div>
      <div className="flex gap-8">
        <Skeleton className="h-12 w-28" />
        <Skeleton className="h-12 w-40" />
      </div>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-3">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
      <QrcodesTableSkeleton />
    </div>
  );
}
