"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { useRowsTable } from "@/components/data-table/use-rows-table";
import { buildAuditColumns } from "./audit-columns";
import type { AuditRow } from "./audit-rows";

/**
 * The audit log entries of one page, newest first, as the server worded them (`auditRows`).
 * Times in Brazil time. Column words are the export file's. Wide: on a narrow screen it scrolls inside its box.
 */
export function AuditTable({ rows, caption, empty }: { rows: AuditRow[]; caption: string; empty: string }) {
  const t = useTranslations("exports.auditColumns");
  const columns = useMemo(
    () => buildAuditColumns({ at: t("at"), actor: t("actor"), action: t("action"), target: t("target"), outcome: t("outcome"), detail: t("detail") }),
    [t],
  );
  const table = useRowsTable(columns, rows, (row) => String(row.id));
  return <DataTable table={table} caption={caption} density="comfortable" busy={false} layout="auto" minWidth="900px" empty={empty} />;
}
