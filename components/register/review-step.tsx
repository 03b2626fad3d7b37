import type { ReactNode } from "react";
import type { RegisterTransfer } from "@/lib/contract";
import { centsToWords, findParticipant, formatBRL, formatDocument } from "@/lib/pix";
import { ACCOUNT_TYPE_WORDS, INITIATION_TYPE_WORDS, PIX_KEY_TYPE_WORDS } from "@/lib/register/form-values";

type Row = { label: string; value: ReactNode; sent?: string };

/**
 * Every value exactly as it will be sent (the schema's output), with words beside codes; the
 * amount in figures and in words; whether the money moves now.
 */
export function ReviewStep({ transfer, children }: { transfer: RegisterTransfer; children?: ReactNode }) {
  const rows = reviewRows(transfer);
  return (
    <section aria-labelledby="register-review-title" className="flex flex-col gap-4">
      <div>
        <h2 id="register-review-title" className="text-base font-semibold text-fg">
          Review the transfer
        </h2>
        <p className="text-sm text-fg-muted">Check every value: this is what will be sent to the provider.</p>
      </div>
      <div className="rounded-lg border border-border bg-surface-muted px-4 py-3">
        <div className="text-xs font-medium uppercase tracking-wide text-fg-muted">Amount</div>
        <div className="text-2xl font-semibold tabular-nums text-fg" data-testid="review-amount">
          {formatBRL(transfer.value_cents)}
        </div>
        <div className="text-sm text-fg" data-testid="review-amount-words">
          {centsToWords(transfer.value_cents)}
        </div>
        <div className="mt-1 text-xs text-fg-muted">
          Sent as <code className="font-mono">value_cents: {transfer.value_cents}</code>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-2.5 text-sm sm:grid-cols-[12rem_1fr]">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-fg-muted">{row.label}</dt>
            <dd className="min-w-0 break-words text-fg">
              {row.value}
              {row.sent !== undefined ? (
                <>
                  {" "}
                  <code className="font-mono text-xs text-fg-muted">({row.sent})</code>
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}

function reviewRows(t: RegisterTransfer): Row[] {
  const rows: Row[] = [
    { label: "Send to", value: INITIATION_TYPE_WORDS[t.initiation_type], sent: t.initiation_type },
    { label: "Receiver name", value: t.receiver_name },
    { label: "Receiver document", value: formatDocument(t.receiver_document), sent: t.receiver_document },
  ];
  if (t.initiation_type === "dict" && t.pix_key_type) {
    rows.push(
      { label: "Pix key type", value: PIX_KEY_TYPE_WORDS[t.pix_key_type], sent: t.pix_key_type },
      { label: "Pix key", value: <code className="font-mono">{t.pix_key}</code> },
    );
  } else {
    const bank = t.receiver_bank_ispb ? findParticipant(t.receiver_bank_ispb) : undefined;
    rows.push(
      { label: "Bank (ISPB)", value: bank ? bank.name : "Not in our list of participants", sent: t.receiver_bank_ispb },
      { label: "Branch", value: <code className="font-mono">{t.receiver_agency}</code> },
      { label: "Account", value: <code className="font-mono">{t.receiver_account}</code> },
      {
        label: "Account type",
        value: t.receiver_account_type ? ACCOUNT_TYPE_WORDS[t.receiver_account_type] : "—",
        sent: t.receiver_account_type,
      },
    );
  }
  rows.push(
    {
      label: "Authorize now",
      value: t.authorized
        ? "Yes: the money is sent right away"
        : "No: registered waiting for authorization",
      sent: String(t.authorized),
    },
    { label: "Payment id", value: <code className="break-all font-mono">{t.idempotent_id}</code> },
  );
  return rows;
}
