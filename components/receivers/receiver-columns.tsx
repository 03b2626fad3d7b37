import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import type { DataTableFeatures } from "@/components/data-table/features";
import type { AppTranslator } from "@/components/data-table/param-label";
import { Button } from "@/components/ui/button";
import { participantLabel } from "@/lib/pix/bank";
import { formatDocument } from "@/lib/pix/document";
import { formatPhone } from "@/lib/pix/phone";
import { formatBrazilDate } from "@/lib/pix/time";
import type { SavedReceiver } from "@/lib/receivers/types";

const helper = createColumnHelper<DataTableFeatures, SavedReceiver>();

/** How a saved receiver is paid, in words: the key (typed as people read it) or the bank account. */
export function Destination({ r }: { r: SavedReceiver }) {
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

export type ReceiverActions = { onEdit: (r: SavedReceiver) => void; onDelete: (r: SavedReceiver) => void };

/** Edit and delete, each named for its receiver. */
export function ReceiverButtons({ r, t, actions }: { r: SavedReceiver; t: AppTranslator; actions: ReceiverActions }) {
  return (
    <div className="flex gap-2">
      <Button size="sm" onClick={() => actions.onEdit(r)} aria-label={t("receivers.editNamed", { nickname: r.nickname })}>
        {t("receivers.edit")}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => actions.onDelete(r)} aria-label={t("receivers.deleteNamed", { nickname: r.nickname })}>
        {t("receivers.deleteAction")}
      </Button>
    </div>
  );
}

/** The saved receivers' columns; the actions column only for those who may change them (`actions`). */
export function buildReceiverColumns(t: AppTranslator, actions: ReceiverActions | null) {
  const nickname = t("glossary.nickname");
  const receiver = t("glossary.receiver");
  const destination = t("receivers.destination");
  const savedBy = t("receivers.savedBy");
  const columns = helper.columns([
    helper.accessor("nickname", {
      header: nickname,
      cell: (info) => info.getValue(),
      meta: { label: nickname, valign: "top", className: "font-medium" },
    }),
    helper.accessor("receiver_name", {
      header: receiver,
      cell: (info) => (
        <>
          <span className="block truncate" title={info.getValue()}>
            {info.getValue()}
          </span>
          <span className="block font-mono text-xs text-fg-muted">{formatDocument(info.row.original.receiver_document)}</span>
        </>
      ),
      meta: { label: receiver, valign: "top", className: "max-w-[20rem]" },
    }),
    helper.display({
      id: "destination",
      header: destination,
      cell: (info) => <Destination r={info.row.original} />,
      meta: { label: destination, valign: "top", className: "max-w-[18rem]" },
    }),
    helper.accessor((r) => r.created_by.email, {
      id: "saved_by",
      header: savedBy,
      cell: (info) => (
        <>
          <span className="block">{info.getValue()}</span>
          <span className="block">{formatBrazilDate(info.row.original.created_at)}</span>
        </>
      ),
      meta: { label: savedBy, valign: "top", muted: true, className: "text-xs" },
    }),
  ]);
  if (!actions) return columns;
  return [
    ...columns,
    helper.display({
      id: "actions",
      header: () => <span className="sr-only">{t("receivers.actions")}</span>,
      cell: (info) => <ReceiverButtons r={info.row.original} t={t} actions={actions} />,
      meta: { label: t("receivers.actions"), valign: "top" },
    }),
  ];
}
