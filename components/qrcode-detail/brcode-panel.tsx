import { AlertTriangle, CheckCircle2, ShieldAlert } from "lucide-react";
import { DetailSection, Field, FieldList } from "@/components/payment-detail/detail-fields";
import { cn } from "@/lib/utils";
import type { BrCodeSummary } from "./brcode-summary";

function CrcLine({ crc }: { crc: BrCodeSummary["crc"] }) {
  const good = crc.state === "valid";
  const Icon = good ? CheckCircle2 : ShieldAlert;
  return (
    <p
      data-testid="crc-check"
      data-state={crc.state}
      className={cn(
        "flex items-start gap-1.5 text-sm font-medium",
        good ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400",
      )}
    >
      <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      {crc.text}
    </p>
  );
}

/** The warning callout: an alert when the code is damaged, a calm note when only off-spec. */
function Warnings({ summary }: { summary: BrCodeSummary }) {
  if (summary.warnings.length === 0) return null;
  const damaged = summary.severity === "error";
  return (
    <div
      role={damaged ? "alert" : "status"}
      className={cn(
        "rounded-md border px-3 py-2 text-sm",
        damaged
          ? "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
          : "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100",
      )}
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <AlertTriangle aria-hidden className="h-4 w-4" />
        {damaged ? "This code is damaged: payers' apps may refuse it" : "This code is off the BR Code spec"}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {summary.warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </div>
  );
}

/** The copy-and-paste code read field by field, with its checksum verified. */
export function BrCodePanel({ summary }: { summary: BrCodeSummary }) {
  return (
    <DetailSection title="Decoded BR Code">
      <div className="space-y-3">
        <CrcLine crc={summary.crc} />
        <Warnings summary={summary} />
        <FieldList>
          {summary.rows.map((row) => (
            <Field key={row.label} label={row.label} value={row.value} mono={row.mono}>
              {row.value ? (
                <>
                  {row.value}
                  {row.note ? <span className="ml-2 font-sans text-xs text-fg-muted">({row.note})</span> : null}
                </>
              ) : undefined}
            </Field>
          ))}
        </FieldList>
        {summary.decoded.fields.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-fg-muted hover:text-fg">
              All {summary.decoded.fields.length} fields as written
            </summary>
            <table className="mt-2 w-full text-left font-mono text-xs">
              <thead className="text-fg-muted">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">id</th>
                  <th scope="col" className="py-1 pr-3 font-medium">length</th>
                  <th scope="col" className="py-1 font-medium">value</th>
                </tr>
              </thead>
              <tbody>
                {summary.decoded.fields.flatMap((f, i) => [
                  <tr key={`${i}-${f.id}`} className="border-t border-border align-top">
                    <td className="py-1 pr-3">{f.id}</td>
                    <td className="py-1 pr-3">{f.length}</td>
                    <td className="break-all py-1">{f.children ? "" : f.value}</td>
                  </tr>,
                  ...(f.children ?? []).map((c, j) => (
                    <tr key={`${i}-${f.id}-${j}-${c.id}`} className="align-top text-fg-muted">
                      <td className="py-0.5 pr-3 pl-4">{c.id}</td>
                      <td className="py-0.5 pr-3">{c.length}</td>
                      <td className="break-all py-0.5">{c.value}</td>
                    </tr>
                  )),
                ])}
              </tbody>
            </table>
          </details>
        ) : null}
      </div>
    </DetailSection>
  );
}
