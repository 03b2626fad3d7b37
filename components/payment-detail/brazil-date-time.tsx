import { brazilOffsetLabel, formatBrazilDateTime, parseProviderDateTime } from "@/lib/pix/time";
import { NotReported } from "./detail-fields";

/**
 * A provider datetime shown in Brazil time. The UTC offset and the provider's own text are
 * on hover (title) and read out to screen readers, so nobody has to guess the zone.
 */
export function BrazilDateTime({ value, missing }: { value: string | null; missing?: string }) {
  if (!value) return <NotReported>{missing ?? "Not reported"}</NotReported>;
  const date = parseProviderDateTime(value) ?? new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{value}</span>;
  const offset = brazilOffsetLabel(date);
  return (
    <time dateTime={value} title={`Brazil time, ${offset} · as sent by the provider: ${value}`} className="tabular-nums">
      {formatBrazilDateTime(date)}
      <span className="sr-only"> (Brazil time, {offset})</span>
    </time>
  );
}
