import { useTranslations } from "next-intl";
import { brazilOffsetLabel, formatBrazilDateTime, parseProviderDateTime } from "@/lib/pix/time";
import { NotReported } from "./detail-fields";

/**
 * A provider datetime shown in Brazil time. The UTC offset and the provider's own text are
 * on hover (title) and read out to screen readers, so nobody has to guess the zone.
 */
export function BrazilDateTime({ value, missing }: { value: string | null; missing?: string }) {
  const t = useTranslations("common");
  if (!value) return <NotReported>{missing}</NotReported>;
  const date = parseProviderDateTime(value) ?? new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{value}</span>;
  const zone = t("brazilTimeOffset", { offset: brazilOffsetLabel(date) });
  return (
    // `relative`: the visually hidden zone stays inside a cut line (a lookup result), not past the page's edge.
    <time dateTime={value} title={`${zone} · ${t("providerSaid", { value })}`} className="relative tabular-nums">
      {formatBrazilDateTime(date)}
      <span className="sr-only"> ({zone})</span>
    </time>
  );
}
