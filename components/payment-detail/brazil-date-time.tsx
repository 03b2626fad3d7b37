import { brazilOffsetLabel, formatBrazilDateTime } from "@/lib/pix";
import { NotReported } from "./detail-fields";

/**
 * A provider datetime shown in Brazil time. The UTC offset and the provider's own text are
 * on hover (title) and read out to screen readers, so nobody has to guess the zone.
 */
export function BrazilDateTime({ value, missing }: { value: string | null; missing?: string }) {
  if (!value) return <NotReported>{missing ?? "Not reported"}</NotReported>;
  const offset = brazilOffsetLabel(value);
  return (
    <time dateTime={value} title={`Brazil time (${offset}) · as sent by the provider: ${value}`} className="tabular-nums">
      {formatBrazilDateTime(value)}
      <span className="sr-only"> ({offset}, Brazil time)</span>
    </time>
  );
}
