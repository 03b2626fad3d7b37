import { useTranslations } from "next-intl";
import { DetailSkeleton } from "@/components/payment-detail/detail-skeleton";

export default function Loading() {
  const t = useTranslations("qrcodeDetail");
  return <DetailSkeleton label={t("loading")} />;
}
