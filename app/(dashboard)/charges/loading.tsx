import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";

export default function ChargesLoading() {
  const t = useTranslations("charges");
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
      <Skeleton className="h-10 w-full max-w-md" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
