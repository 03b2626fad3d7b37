"use client";

import { CircleAlert, CircleCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import type { BatchPreviewRow } from "@/lib/batches/preview-row";
import { participantLabel } from "@/lib/pix/bank";
import { formatDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { formatPhone } from "@/lib/pix/phone";
import { TransferOutcomeView } from "@/components/transfers/transfer-outcome";
import { TransferStateBadge } from "@/components/transfers/state-badge";
import { useMessageText } from "./batch-message";

export const PREVIEW_COLUMNS = ["line", "state", "amount", "receiver", "destination", "id"] as const;
export type PreviewColumn = (typeof PREVIEW_COLUMNS)[number];

/** Which file columns' errors each preview column shows; anything else shows under the state. */
const FIELDS_BY_COLUMN: Record<PreviewColumn, readonly string[]> = {
  line: [],
  state: ["row"],
  amount: ["amount"],
  receiver: ["receiver_name", "receiver_document", "receiver_nickname", "description", "cost_centre"],
  destination: ["pix_key_type", "pix_key", "bank_ispb", "agency", "account", "account_type"],
  id: ["idempotent_id"],
};
const SHOWN_FIELDS = new Set(Object.values(FIELDS_BY_COLUMN).flat());

/** The row's errors that belong under `column`. */
function errorsFor(row: BatchPreviewRow, column: PreviewColumn): NonNullable<BatchPreviewRow["errors"]> {
  const fields = FIELDS_BY_COLUMN[column];
  return (row.errors ?? []).filter((e) => fields.includes(e.field) || (column === "state" && !SHOWN_FIELDS.has(e.field)));
}

function ErrorLines({ row, column }: { row: BatchPreviewRow; column: PreviewColumn }) {
  const messageText = useMessageText();
  const errors = errorsFor(row, column);
  if (errors.length === 0) return null;
  return (
    <ul className="mt-0.5 space-y-0.5 text-xs leading-snug text-red-700 dark:text-red-400" data-testid={`batch-errors-${column}`}>
      {errors.map((error, i) => (
        <li key={`${error.field}-${i}`}>{messageText(error)}</li>
      ))}
    </ul>
  );
}

const isKnown = <K extends string>(map: Record<K, unknown>, key: string | undefined): key is K => key !== undefined && Object.hasOwn(map, key);
const KEY_TYPES = { phone: 1, email: 1, cpf: 1, cnpj: 1, token: 1 } as const;
const ACCOUNT_TYPES = { CACC: 1, SVGS: 1, SLRY: 1, TRAN: 1 } as const;

/** A valid key as people read it: phone and documents punctuated (invalid rows show what the file said). */
function shownKey(type: string | undefined, key: string): string {
  if (type === "phone") return formatPhone(key);
  if (type === "cpf" || type === "cnpj") return formatDocument(key);
  return key;
}

function KeyLines({ row }: { row: BatchPreviewRow }) {
  const t = useTranslations();
  const type = row.pix_key_type;
  const key = row.pix_key && row.state === "valid" ? shownKey(type, row.pix_key) : row.pix_key;
  return (
    <>
      <span className="block text-xs text-fg-muted">{type ? (isKnown(KEY_TYPES, type) ? t(`glossary.keyTypes.${type}`) : type) : "—"}</span>
      <span className="block truncate font-mono text-xs text-fg" title={key}>
        {key || "—"}
      </span>
    </>
  );
}

function BankLines({ bank }: { bank: NonNullable<BatchPreviewRow["bank"]> }) {
  const t = useTranslations();
  const { ispb, agency, account, account_type: type } = bank;
  return (
    <>
      <span className="block truncate text-fg" title={ispb ? participantLabel(ispb) : undefined}>
        {ispb ? participantLabel(ispb) : "—"}
      </span>
      <span className="block text-xs text-fg-muted">
        {t("batches.preview.bankAccount", { agency: agency || "—", account: account || "—" })}
        {type ? ` · ${isKnown(ACCOUNT_TYPES, type) ? t(`glossary.accountTypes.${type}`) : type}` : ""}
      </span>
    </>
  );
}

/** The key, the bank account, or (on a row that gives both, which is an error) both. */
function Destination({ row }: { row: BatchPreviewRow }) {
  const hasKey = row.pix_key !== undefined || row.pix_key_type !== undefined;
  return (
    <>
      {hasKey || !row.bank ? <KeyLines row={row} /> : null}
      {row.bank ? <BankLines bank={row.bank} /> : null}
    </>
  );
}

/** The content of one cell of the preview: the value, then the errors that belong to it. */
export function PreviewCell({ row, column }: { row: BatchPreviewRow; column: PreviewColumn }) {
  const t = useTranslations();
  switch (column) {
    case "line":
      return <span className="tabular-nums text-fg-muted">{row.line}</span>;
    case "state":
      if (row.sent) {
        const { sent } = row;
        return (
          <>
            {sent.transfer_id ? (
              <a href={`/transfers/${sent.transfer_id}`} className="inline-block" title={sent.reference_code ?? undefined}>
                <TransferStateBadge state={sent.state} wrap />
              </a>
            ) : (
              <TransferStateBadge state={sent.state} wrap />
            )}
            {sent.state === "provider_canceled" && sent.cancellation_reason ? (
              <div className="mt-0.5 text-xs leading-snug text-fg-muted">{sent.cancellation_reason}</div>
            ) : sent.outcome && (sent.state === "refused" || sent.state === "failed" || sent.state === "outcome_unknown") ? (
              <div className="mt-0.5 text-xs leading-snug text-fg-muted">
                <TransferOutcomeView outcome={sent.outcome} />
              </div>
            ) : null}
          </>
        );
      }
      return (
        <>
          <span className={row.state === "valid" ? "inline-flex items-center gap-1 text-green-800 dark:text-green-400" : "inline-flex items-center gap-1 font-medium text-red-700 dark:text-red-400"}>
            {row.state === "valid" ? <CircleCheck aria-hidden className="h-4 w-4" /> : <CircleAlert aria-hidden className="h-4 w-4" />}
            {t(`batches.preview.states.${row.state}`)}
          </span>
          <ErrorLines row={row} column="state" />
        </>
      );
    case "amount":
      return (
        <>
          <span className="tabular-nums text-fg">{row.value_cents === null ? t("batches.preview.noAmount") : formatBRL(row.value_cents)}</span>
          <ErrorLines row={row} column="amount" />
        </>
      );
    case "receiver":
      return (
        <>
          <span className="block truncate font-medium text-fg" title={row.receiver_name}>
            {row.receiver_name || "—"}
          </span>
          <span className="block text-xs tabular-nums text-fg-muted">{row.receiver_document ? formatDocument(row.receiver_document) : "—"}</span>
          {row.receiver_nickname ? (
            <span className="block truncate text-xs text-fg-muted">
              {t("glossary.savedReceiver")}: {row.receiver_nickname}
            </span>
          ) : null}
          {row.description || row.cost_centre ? (
            <span className="block truncate text-xs text-fg-muted" title={row.description}>
              {[row.description, row.cost_centre].filter(Boolean).join(" · ")}
            </span>
          ) : null}
          <ErrorLines row={row} column="receiver" />
        </>
      );
    case "destination":
      return (
        <>
          <Destination row={row} />
          <ErrorLines row={row} column="destination" />
        </>
      );
    case "id":
      return (
        <>
          <span className="block truncate font-mono text-xs text-fg-muted" title={row.idempotent_id}>
            <span className="font-sans md:hidden">{t("glossary.idempotentId")}: </span>
            {row.idempotent_id}
          </span>
          <ErrorLines row={row} column="id" />
        </>
      );
  }
}
