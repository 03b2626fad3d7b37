import { StatusBadge } from "@/components/payments/status-badge";
import type { PaymentDetail } from "@/lib/contract";
import { documentKind, formatDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { cn } from "@/lib/utils";
import { BrazilDateTime } from "./brazil-date-time";
import { DetailSection, Field, FieldList, NotReported } from "./detail-fields";
import { PIX_KEY_TYPE_WORDS, accountTypeWords, formatPixKey } from "./labels";

/** Amount and status on top: what support is asked first. */
export function PaymentOverview({ payment, flash = false }: { payment: PaymentDetail; flash?: boolean }) {
  return (
    <div
      data-testid="payment-overview"
      className={cn("-mx-2 flex flex-wrap items-end justify-between gap-3 rounded-lg px-2 py-1", flash && "flash-change")}
    >
      <div className="min-w-0 space-y-1">
        <p className="text-sm text-fg-muted">
          Payment to <span className="font-medium text-fg">{payment.receiver_name || "an unnamed receiver"}</span>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold tabular-nums text-fg">
            <span className="sr-only">Payment of </span>
            {formatBRL(payment.value_cents)}
          </h1>
          <StatusBadge status={payment.status} size="md" />
        </div>
      </div>
      <p className="text-sm text-fg-muted">
        Registered <BrazilDateTime value={payment.registration_date} />
      </p>
    </div>
  );
}

export function ReceiverSection({ payment }: { payment: PaymentDetail }) {
  const kind = documentKind(payment.receiver_document);
  return (
    <DetailSection title="Receiver">
      <FieldList>
        <Field label="Name" value={payment.receiver_name} />
        <Field label={kind ? kind.toUpperCase() : "Document"} value={formatDocument(payment.receiver_document)} mono />
        <Field label="Bank" value={payment.receiver_bank_name} />
        <Field label="Branch" value={payment.receiver_agency} mono />
        <Field label="Account" value={payment.receiver_account} mono />
        <Field label="Account type" value={accountTypeWords(payment.receiver_account_type)} />
      </FieldList>
    </DetailSection>
  );
}

export function KeySection({ payment }: { payment: PaymentDetail }) {
  return (
    <DetailSection title="Pix key">
      <FieldList>
        <Field label="Key type" value={PIX_KEY_TYPE_WORDS[payment.pix_key_type]} />
        <Field label="Key" mono>
          {payment.pix_key ? formatPixKey(payment.pix_key_type, payment.pix_key) : <NotReported />}
        </Field>
      </FieldList>
    </DetailSection>
  );
}

export function IdentifiersSection({ payment }: { payment: PaymentDetail }) {
  return (
    <DetailSection title="Identifiers">
      <FieldList>
        <Field label="idempotent_id" value={payment.idempotent_id} copy mono />
        <Field label="reference_code" value={payment.reference_code} copy mono />
        <Field label="end_to_end" value={payment.end_to_end} copy mono>
          {payment.end_to_end ?? <NotReported>Not assigned yet (given when the payment is sent)</NotReported>}
        </Field>
      </FieldList>
    </DetailSection>
  );
}

export function DatesSection({ payment }: { payment: PaymentDetail }) {
  const canceled = payment.status === "canceled" || payment.cancellation_date !== null;
  return (
    <DetailSection title="Dates">
      <FieldList>
        <Field label="Registered">
          <BrazilDateTime value={payment.registration_date} />
        </Field>
        <Field label="Paid">
          <BrazilDateTime value={payment.payment_date} missing={payment.status === "completed" ? "Not reported" : "Not paid"} />
        </Field>
        <Field label="Canceled">
          <BrazilDateTime value={payment.cancellation_date} missing={canceled ? "Not reported" : "Not canceled"} />
        </Field>
        {canceled || payment.cancellation_reason ? (
          <Field label="Cancellation reason" value={payment.cancellation_reason} />
        ) : null}
      </FieldList>
    </DetailSection>
  );
}
