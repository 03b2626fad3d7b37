"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { participantLabel } from "@/lib/pix/bank";
import { formatDocument } from "@/lib/pix/document";
import { formatPhone } from "@/lib/pix/phone";
import { formatBrazilDate } from "@/lib/pix/time";
import type { SavedReceiver } from "@/lib/receivers/types";

/** How a saved receiver is paid, in words: the key (typed as people read it) or the bank account. */
function Destination({ r }: { r: SavedReceiver }) {
  const g = useTranslations("glossary");
  const t = useTranslations("receivers");
  if (r.bank) {
    return (
      <>
        <span className="block truncate">{participantLabel(r.bank.ispb)}</span>
        <span className="block text-xs text-fg-muted">
          {t("bankAccount", { agency: r.bank.agency, account: r.bank.account })} · {g(`accountTypes.${r.bank.account_type}`)}
        </span>
      </>
    );
  }
  const key = r.pix_key ?? "";
  const shown = r.pix_key_type === "phone" ? formatPhone(key) : r.pix_key_type === "cpf" || r.pix_key_type === "cnpj" ? formatDocument(key) : key;
  return (
    <>
      <span className="block text-xs text-fg-muted">{r.pix_key_type ? g(`keyTypes.${r.pix_key_type}`) : "—"}</span>
      <span className="block truncate font-mono text-xs" title={shown}>
        {shown}
      </span>
    </>
  );
}

/** The saved receivers: a table from `md`, a card each on a phone; edit and delete for those who make transfers. */
export function ReceiversTable({
  receivers,
  canEdit,
  onEdit,
  onDelete,
}: {
  receivers: SavedReceiver[];
  canEdit: boolean;
  onEdit: (r: SavedReceiver) => void;
  onDelete: (r: SavedReceiver) => void;
}) {
  const t = useTranslations("receivers");
  const g = useTranslations("glossary");
  const actions = (r: SavedReceiver) =>
    canEdit ? (
      <div className="flex gap-2">
        <Button size="sm" onClick={() => onEdit(r)} aria-label={t("editNamed", { nickname: r.nickname })}>
          {t("edit")}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDelete(r)} aria-label={t("deleteNamed", { nickname: r.nickname })}>
          {t("deleteAction")}
        </Button>
      </div>
    ) : null;
  return (
    <>
      <table className="hidden w-full border-collapse text-sm md:table" data-testid="receivers-table">
        <caption className="sr-only">{t("title")}</caption>
        <thead className="text-left text-xs font-medium uppercase tracking-wide text-fg-muted">
          <tr className="border-b border-border">
            <th scope="col" className="px-3 py-2">{g("nickname")}</th>
            <th scope="col" className="px-3 py-2">{g("receiver")}</th>
            <th scope="col" className="px-3 py-2">{t("destination")}</th>
            <th scope="col" className="px-3 py-2">{t("savedBy")}</th>
            {canEdit ? <th scope="col" className="px-3 py-2"><span className="sr-only">{t("actions")}</span></th> : null}
          </tr>
        </thead>
        <tbody>
          {receivers.map((r) => (
            <tr key={r.id} className="border-b border-border align-top last:border-0" data-receiver={r.nickname}>
              <td className="px-3 py-2 font-medium text-fg">{r.nickname}</td>
              <td className="max-w-[20rem] px-3 py-2">
                <span className="block truncate" title={r.receiver_name}>{r.receiver_name}</span>
                <span className="block font-mono text-xs text-fg-muted">{formatDocument(r.receiver_document)}</span>
              </td>
              <td className="max-w-[18rem] px-3 py-2">
                <Destination r={r} />
              </td>
              <td className="px-3 py-2 text-xs text-fg-muted">
                <span className="block">{r.created_by.email}</span>
                <span className="block">{formatBrazilDate(r.created_at)}</span>
              </td>
              {canEdit ? <td className="px-3 py-2">{actions(r)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-2 md:hidden" aria-label={t("title")}>
        {receivers.map((r) => (
          <li key={r.id} className="flex flex-col gap-1 rounded-lg border border-border bg-surface p-3 text-sm" data-receiver={r.nickname}>
            <span className="font-semibold text-fg">{r.nickname}</span>
            <span className="truncate">{r.receiver_name}</span>
            <span className="font-mono text-xs text-fg-muted">{formatDocument(r.receiver_document)}</span>
            <div className="min-w-0">
              <Destination r={r} />
            </div>
            {actions(r)}
          </li>
        ))}
      </ul>
    </>
  );
}
