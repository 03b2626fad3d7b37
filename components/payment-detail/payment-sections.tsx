import { useTranslations } from "next-intl";
import { StatusBadge } from "@/components/payments/status-badge";
import type { PaymentDetail } from "@/lib/contract";
import { bankLabel, formatAccount, formatAgency } from "@/lib/pix/bank";
import { formatDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { cn } from "@/lib/utils";
import { BrazilDateTime } from "./brazil-date-time";
import { BrazilTimeNote, DetailSection, Field, FieldList, NotReported } from "./detail-fields";
import { formatPixKey, isGlossaryAccountType } from "./labels";

/** An account type in the glossary's words (a value it does not know, as sent). */
export function useAccountTypeWords(): (type: string | null) => string | null {
  const t = useTranslations("glossary.accountTypes");
  return (type) => (type ? (isGlossaryAccountType(type) ? t(type) : type) : null);
}

/** Amount and status on top: what support is asked first. */
export function PaymentOverview({ payment, flash = false }: { payment: PaymentDetail; flash?: boolean }) {
  const t = useTranslations();
  return (
    <div
      data-testid="payment-overview"
      className={cn("-mx-2 flex flex-wrap items-end justify-between gap-3 rounded-lg px-2 py-1", flash && "flash-change")}
    >
      <div className="min-w-0 space-y-1">
        <p className="text-sm text-fg-muted">
          {t.rich("paymentDetail.paymentTo", {
            name: payment.receiver_name || t("paymentDetail.unnamedReceiver"),
            strong: (chunks) => <span className="font-medium text-fg">{chunks}</span>,
          })}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold tabular-nums text-fg [overflow-wrap:anywhere]">
            <span className="sr-only">{t("paymentDetail.amountPrefix")} </span>
            {formatBRL(payment.value_cents)}
          </h1>
          <StatusBadge status={payment.status} size="md" />
        </div>
      </div>
      <p className="text-sm text-fg-muted">
        {t("glossary.registrationDate")} <BrazilDateTime value={payment.registration_date} />
      </p>
    </div>
  );
}

/**
 * Who received it; for a payment by Pix key, the account the key led to as the provider reports
 * it (for a payment by account those fields are the "Dados bancários" section instead).
 */
export function ReceiverSection({ payment }: { payment: PaymentDetail }) {
  const t = useTranslations();
  const accountType = useAccountTypeWords();
  const keyAccount = Boolean(payment.pix_key) && hasBankData(payment);
  return (
    <DetailSection title={t("glossary.receiver")}>
      <FieldList>
        <Field label={t("paymentDetail.fields.name")} value={payment.receiver_name} />
        <Field label={t("glossary.document")} value={formatDocument(payment.receiver_document)} mono />
        {keyAccount ? (
          <>
            <Field label={t("glossary.bank")} value={bankLabel(null, payment.receiver_bank_name)} />
            <Field label={t("glossary.agency")} value={formatAgency(payment.receiver_agency)} mono />
            <Field label={t("glossary.account")} value={formatAccount(payment.receiver_account)} mono />
            <Field label={t("glossary.accountType")} value={accountType(payment.receiver_account_type)} />
          </>
        ) : null}
      </FieldList>
    </DetailSection>
  );
}

/** A transfer by bank account (no key): the account whole, as Brazilians write it. */
function hasBankData(payment: PaymentDetail): boolean {
  return Boolean(payment.receiver_account || payment.receiver_agency || payment.receiver_bank_name);
}

/**
 * How the money was addressed: the Pix key, or for a transfer by bank account "Dados bancários"
 * (bank, branch with its leading zeros, account with its check digit, account type), never a
 * key type with "not reported".
 */
export function KeySection({ payment }: { payment: PaymentDetail }) {
  const t = useTranslations();
  const accountType = useAccountTypeWords();
  if (!payment.pix_key && hasBankData(payment)) {
    return (
      <DetailSection title={t("glossary.bankDetails")}>
        <FieldList>
          <Field label={t("glossary.bank")} value={bankLabel(null, payment.receiver_bank_name)} />
          <Field label={t("glossary.agency")} value={formatAgency(payment.receiver_agency)} mono />
          <Field label={t("glossary.account")} value={formatAccount(payment.receiver_account)} mono />
          <Field label={t("glossary.accountType")} value={accountType(payment.receiver_account_type)} />
        </FieldList>
      </DetailSection>
    );
  }
  return (
    <DetailSection title={t("glossary.pixKey")}>
      <FieldList>
        <Field label={t("glossary.pixKeyType")} value={t(`glossary.keyTypes.${payment.pix_key_type}`)} />
        <Field label={t("paymentDetail.fields.key")} mono>
          {payment.pix_key ? formatPixKey(payment.pix_key_type, payment.pix_key) : <NotReported />}
        </Field>
      </FieldList>
    </DetailSection>
  );
}

export function IdentifiersSection({ payment }: { payment: PaymentDetail }) {
  const t = useTranslations();
  return (
    <DetailSection title={t("paymentDetail.sections.identifiers")}>
      <FieldList>
        <Field label={t("glossary.idempotentId")} value={payment.idempotent_id} copy mono />
        <Field label={t("glossary.referenceCode")} value={payment.reference_code} copy mono />
        <Field label={t("glossary.endToEnd")} value={payment.end_to_end} copy mono>
          {payment.end_to_end ?? <NotReported>{t("paymentDetail.missing.notAssigned")}</NotReported>}
        </Field>
      </FieldList>
    </DetailSection>
  );
}

export function DatesSection({ payment }: { payment: PaymentDetail }) {
  const t = useTranslations();
  const canceled = payment.status === "canceled" || payment.cancellation_date !== null;
  const notReported = t("common.states.notReported");
  return (
    <DetailSection title={t("paymentDetail.sections.dates")} action={<BrazilTimeNote />}>
      <FieldList>
        <Field label={t("glossary.registrationDate")}>
          <BrazilDateTime value={payment.registration_date} />
        </Field>
        <Field label={t("glossary.paymentDate")}>
          <BrazilDateTime
            value={payment.payment_date}
            missing={payment.status === "completed" ? notReported : t("paymentDetail.missing.notPaid")}
          />
        </Field>
        <Field label={t("glossary.cancellationDate")}>
          <BrazilDateTime value={payment.cancellation_date} missing={canceled ? notReported : t("paymentDetail.missing.notCanceled")} />
        </Field>
        {canceled || payment.cancellation_reason ? (
          <Field label={t("glossary.cancellationReason")} value={payment.cancellation_reason} />
        ) : null}
      </FieldList>
    </DetailSection>
  );
}
