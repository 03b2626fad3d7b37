import { AlertTriangle, CheckCircle2, ShieldAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import { DetailSection, Field, FieldList } from "@/components/payment-detail/detail-fields";
import { cn } from "@/lib/utils";
import type { BrCodeRow, BrCodeSummary, BrCodeWarning } from "./brcode-summary";

function CrcLine({ crc }: { crc: BrCodeSummary["crc"] }) {
  const t = useTranslations("qrcodeDetail.brcode.crc");
  const good = crc.state === "valid";
  const Icon = good ? CheckCircle2 : ShieldAlert;
  const actual = crc.actual || t("nothing");
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
      {crc.state === "missing" ? t("missing") : t(crc.state, { actual, expected: crc.expected })}
    </p>
  );
}

/** The warning callout: an alert when the code is damaged, a calm note when only off-spec. */
function Warnings({ summary }: { summary: BrCodeSummary }) {
  const t = useTranslations("qrcodeDetail.brcode");
  if (summary.warnings.length === 0) return null;
  const damaged = summary.severity === "error";
  const words = (w: BrCodeWarning) => ("text" in w ? w.text : t(w.key, { code: w.code, record: w.record }));
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
        {damaged ? t("damaged") : t("offSpec")}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {summary.warnings.map((w) => (
          <li key={words(w)}>{words(w)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The copy-and-paste code read field by field, with its checksum verified. */
export function BrCodePanel({ summary }: { summary: BrCodeSummary }) {
  const t = useTranslations();
  const label = (row: BrCodeRow) =>
    row.key === "pixKey" ? t("glossary.pixKey") : row.key === "amount" ? t("glossary.amount") : t(`qrcodeDetail.brcode.rows.${row.key}`);
  const value = (row: BrCodeRow) =>
    row.words === "amountTyped" ? t("qrcodeDetail.brcode.amountTyped") : row.words ? t(`qrcodeDetail.brcode.kinds.${row.words}`) : row.value;
  const th = "py-1 pr-3 font-medium";
  return (
    <DetailSection title={t("qrcodeDetail.brcode.title")}>
      <div className="space-y-3">
        <CrcLine crc={summary.crc} />
        <Warnings summary={summary} />
        <FieldList>
          {summary.rows.map((row) => (
            <Field key={row.key} label={label(row)} value={value(row)} mono={row.mono && !row.words}>
              {row.value ? (
                <>
                  {row.value}
                  {row.note ? <span className="ml-2 font-sans text-xs text-fg-muted">({t(`qrcodeDetail.brcode.${row.note}`)})</span> : null}
                </>
              ) : undefined}
            </Field>
          ))}
        </FieldList>
        {summary.decoded.fields.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-fg-muted hover:text-fg">
              {t("qrcodeDetail.brcode.allFields", { count: summary.decoded.fields.length })}
            </summary>
            <table className="mt-2 w-full text-left font-mono text-xs">
              <thead className="text-fg-muted">
                <tr>
                  <th scope="col" className={th}>{t("qrcodeDetail.brcode.columns.id")}</th>
                  <th scope="col" className={th}>{t("qrcodeDetail.brcode.columns.length")}</th>
                  <th scope="col" className="py-1 font-medium">{t("qrcodeDetail.brcode.columns.value")}</th>
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
