import { useTranslations } from "next-intl";
import { DetailSkeleton } from "@/components/payment-detail/detail-skeleton";

export default function Loading() {
  const t = useTranslations("paymentDetail");
  return <DetailSkeleton label={t("loading")} />;
}
