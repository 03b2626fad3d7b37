import { useTranslations } from "next-intl";
import { PaymentsTableSkeleton } from "@/components/payments-table/payments-bits";
import { Skeleton } from "@/components/ui/skeleton";

export default function PaymentsLoading() {
  const t = useTranslations("payments");
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
      <div className="flex gap-8">
        <Skeleton className="h-12 w-28" />
        <Skeleton className="h-12 w-40" />
      </div>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-3">
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
      <PaymentsTableSkeleton />
    </div>
  );
}
