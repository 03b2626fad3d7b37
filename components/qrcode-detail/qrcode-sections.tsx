import { BrazilDateTime } from "@/components/payment-detail/brazil-date-time";
import { DetailSection, Field, FieldList, NotReported } from "@/components/payment-detail/detail-fields";
import { accountTypeWords } from "@/components/payment-detail/labels";
import { CopyButton } from "@/components/ui/copy-button";
import type { Qrcode } from "@/lib/contract";
import { documentKind, formatDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { QrImage } from "./qr-image";
import { QrStatusBadge } from "./qr-status-badge";

function DocumentField({ label, value }: { label: string; value: string | null }) {
  const kind = value ? documentKind(value) : null;
  return <Field label={kind ? `${label} ${kind.toUpperCase()}` : `${label} document`} value={value ? formatDocument(value) : null} mono />;
}

export function QrcodeOverview({ qrcode }: { qrcode: Qrcode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0 space-y-1">
        <p className="text-sm text-fg-muted">
          QR code charge{qrcode.generator_name ? <> by <span className="font-medium text-fg">{qrcode.generator_name}</span></> : null}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold tabular-nums text-fg">
            <span className="sr-only">QR code charge of </span>
            {formatBRL(qrcode.value_cents)}
          </h1>
          <QrStatusBadge status={qrcode.status} size="md" />
        </div>
      </div>
      <p className="text-sm text-fg-muted">
        Created <BrazilDateTime value={qrcode.registration_date} />
      </p>
    </div>
  );
}

export function QrcodeRecordSection({ qrcode }: { qrcode: Qrcode }) {
  return (
    <DetailSection title="Record">
      <FieldList>
        <Field label="reference_code" value={qrcode.reference_code} copy mono />
        <Field label="external_reference" value={qrcode.external_reference} copy mono />
        <Field label="end_to_end" value={qrcode.end_to_end} copy mono />
        <Field label="Value" value={formatBRL(qrcode.value_cents)} />
        <Field label="Created">
          <BrazilDateTime value={qrcode.registration_date} />
        </Field>
        <Field label="Paid">
          <BrazilDateTime value={qrcode.payment_date} missing={qrcode.status === "paid" ? "Not reported" : "Not paid"} />
        </Field>
      </FieldList>
    </DetailSection>
  );
}

export function PartiesSection({ qrcode }: { qrcode: Qrcode }) {
  return (
    <DetailSection title="Generator and payer">
      <FieldList>
        <Field label="Generator" value={qrcode.generator_name} />
        <DocumentField label="Generator" value={qrcode.generator_document} />
        <Field label="Payer" value={qrcode.payer_name} />
        <DocumentField label="Payer" value={qrcode.payer_document} />
        <Field label="Payer bank" value={qrcode.payer_bank_name} />
        <Field label="Payer branch" value={qrcode.payer_agency} mono />
        <Field label="Payer account" value={qrcode.payer_account} mono />
        <Field label="Payer account type" value={accountTypeWords(qrcode.payer_account_type)} />
      </FieldList>
    </DetailSection>
  );
}

export function CopyPasteSection({ content }: { content: string }) {
  return (
    <DetailSection title="Copy and paste code" action={content ? <CopyButton value={content} label="copy-and-paste code" /> : null}>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        {content ? <QrImage content={content} /> : null}
        <div className="min-w-0 flex-1">
          {content ? (
            <p data-testid="qr-content" className="break-all rounded-md bg-surface-muted p-3 font-mono text-xs leading-relaxed text-fg">
              {content}
            </p>
          ) : (
            <NotReported>The provider sent no content for this charge</NotReported>
          )}
        </div>
      </div>
    </DetailSection>
  );
}
