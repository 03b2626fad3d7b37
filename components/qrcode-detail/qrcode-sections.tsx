import { useTranslations } from "next-intl";
import { BrazilDateTime } from "@/components/payment-detail/brazil-date-time";
import { BrazilTimeNote, DetailSection, Field, FieldList, NotReported } from "@/components/payment-detail/detail-fields";
import { useAccountTypeWords } from "@/components/payment-detail/payment-sections";
import { CopyButton } from "@/components/ui/copy-button";
import type { Qrcode } from "@/lib/contract";
import { formatDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { QrImage } from "./qr-image";
import { QrStatusBadge } from "./qr-status-badge";

export function QrcodeOverview({ qrcode }: { qrcode: Qrcode }) {
  const t = useTranslations("qrcodeDetail");
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0 space-y-1">
        <p className="text-sm text-fg-muted">
          {qrcode.generator_name
            ? t.rich("chargeBy", { name: qrcode.generator_name, strong: (chunks) => <span className="font-medium text-fg">{chunks}</span> })
            : t("charge")}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold tabular-nums text-fg [overflow-wrap:anywhere]">
            <span className="sr-only">{t("amountPrefix")} </span>
            {formatBRL(qrcode.value_cents)}
          </h1>
          <QrStatusBadge status={qrcode.status} size="md" />
        </div>
      </div>
      <p className="text-sm text-fg-muted">
        {t("createdAt")} <BrazilDateTime value={qrcode.registration_date} />
      </p>
    </div>
  );
}

export function QrcodeRecordSection({ qrcode }: { qrcode: Qrcode }) {
  const t = useTranslations();
  return (
    <DetailSection title={t("qrcodeDetail.sections.record")} action={<BrazilTimeNote />}>
      <FieldList>
        <Field label={t("glossary.referenceCode")} value={qrcode.reference_code} copy mono />
        <Field label={t("glossary.externalReference")} value={qrcode.external_reference} copy mono />
        <Field label={t("glossary.endToEnd")} value={qrcode.end_to_end} copy mono />
        <Field label={t("glossary.amount")} value={formatBRL(qrcode.value_cents)} />
        <Field label={t("qrcodeDetail.createdAt")}>
          <BrazilDateTime value={qrcode.registration_date} />
        </Field>
        <Field label={t("glossary.paymentDate")}>
          <BrazilDateTime
            value={qrcode.payment_date}
            missing={qrcode.status === "paid" ? t("common.states.notReported") : t("paymentDetail.missing.notPaid")}
          />
        </Field>
      </FieldList>
    </DetailSection>
  );
}

export function PartiesSection({ qrcode }: { qrcode: Qrcode }) {
  const t = useTranslations();
  const accountType = useAccountTypeWords();
  const document = (value: string | null) => (value ? formatDocument(value) : null);
  return (
    <DetailSection title={t("qrcodeDetail.sections.parties")}>
      <FieldList>
        <Field label={t("glossary.generator")} value={qrcode.generator_name} />
        <Field label={t("qrcodeDetail.fields.generatorDocument")} value={document(qrcode.generator_document)} mono />
        <Field label={t("glossary.payer")} value={qrcode.payer_name} />
        <Field label={t("qrcodeDetail.fields.payerDocument")} value={document(qrcode.payer_document)} mono />
        <Field label={t("qrcodeDetail.fields.payerBank")} value={qrcode.payer_bank_name} />
        <Field label={t("qrcodeDetail.fields.payerAgency")} value={qrcode.payer_agency} mono />
        <Field label={t("qrcodeDetail.fields.payerAccount")} value={qrcode.payer_account} mono />
        <Field label={t("qrcodeDetail.fields.payerAccountType")} value={accountType(qrcode.payer_account_type)} />
      </FieldList>
    </DetailSection>
  );
}

export function CopyPasteSection({ content }: { content: string }) {
  const t = useTranslations();
  return (
    <DetailSection title={t("glossary.brCode")} action={content ? <CopyButton value={content} label={t("glossary.brCode")} /> : null}>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        {content ? <QrImage content={content} /> : null}
        <div className="min-w-0 flex-1">
          {content ? (
            <p data-testid="qr-content" className="break-all rounded-md bg-surface-muted p-3 font-mono text-xs leading-relaxed text-fg">
              {content}
            </p>
          ) : (
            <NotReported>{t("qrcodeDetail.noContent")}</NotReported>
          )}
        </div>
      </div>
    </DetailSection>
  );
}
