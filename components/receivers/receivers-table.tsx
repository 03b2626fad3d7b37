"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { useRowsTable } from "@/components/data-table/use-rows-table";
import { formatDocument } from "@/lib/pix/document";
import type { SavedReceiver } from "@/lib/receivers/types";
import { buildReceiverColumns, Destination, ReceiverButtons } from "./receiver-columns";

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
  const t = useTranslations();
  const actions = useMemo(() => (canEdit ? { onEdit, onDelete } : null), [canEdit, onEdit, onDelete]);
  const columns = useMemo(() => buildReceiverColumns(t, actions), [t, actions]);
  const table = useRowsTable(columns, receivers, (r) => r.id);
  const caption = t("receivers.title");
  return (
    <DataTable
      table={table}
      caption={caption}
      density="comfortable"
      busy={false}
      layout="auto"
      testId="receivers-table"
      rowAttributes={(r) => ({ "data-receiver": r.nickname })}
      phoneList={(rows) => (
        <ul className="flex flex-col gap-2" aria-label={caption}>
          {rows.map((r) => (
            <li key={r.id} className="flex flex-col gap-1 rounded-lg border border-border bg-surface p-3 text-sm" data-receiver={r.nickname}>
              <span className="font-semibold text-fg">{r.nickname}</span>
              <span className="truncate">{r.receiver_name}</span>
              <span className="font-mono text-xs text-fg-muted">{formatDocument(r.receiver_document)}</span>
              <div className="min-w-0">
                <Destination r={r} />
              </div>
              {actions ? <ReceiverButtons r={r} t={t} actions={actions} /> : null}
            </li>
          ))}
        </ul>
      )}
    />
  );
}
