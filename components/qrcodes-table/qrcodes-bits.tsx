import { useTranslations } from "next-intl";
import { TableSkeleton } from "@/components/data-table/list-bits";

const QRCODE_CELLS = [
  { className: "h-4 w-32" },
  { className: "h-5 w-24", pill: true },
  { className: "h-4 w-20" },
  { className: "h-4 w-40" },
  { className: "hidden h-4 w-40 lg:block" },
  { className: "hidden h-4 w-32 xl:block" },
];

/** The QR codes table's shape while the first page loads. */
export function QrcodesTableSkeleton() {
  const t = useTranslations("qrcodes");
  return <TableSkeleton label={t("loading")} rows={10} cells={QRCODE_CELLS} />;
}
