import { DetailSkeleton } from "@/components/payment-detail/detail-skeleton";

export default function Loading() {
  return <DetailSkeleton label="Loading the QR code record" />;
}
