"use client";

import { useTranslations } from "next-intl";
import { DataTable } from "@/components/data-table/data-table";
import { useRowsTable } from "@/components/data-table/use-rows-table";
import type { Role } from "@/lib/auth/roles";
import type { UserView } from "@/lib/auth/user-view";
import { buildUserColumns, type UserAction } from "./user-columns";

export type { UserAction } from "./user-columns";

type Props = {
  users: UserView[];
  currentUserId: string;
  /** The role shown for a user while a change of it waits for confirmation. */
  proposedRole: { id: string; role: Role } | null;
  busy: boolean;
  onAction: (user: UserView, action: UserAction, role?: Role) => void;
};

/** Every staff account, with its role (a select), status, second factor and the admin's actions. Wide: it scrolls inside its box. */
export function UsersTable({ users, currentUserId, proposedRole, busy, onAction }: Props) {
  const t = useTranslations();
  // Built at each render: the role selects and buttons follow `busy` and a waiting role change.
  const columns = buildUserColumns({ t, currentUserId, proposedRole, busy, onAction });
  const table = useRowsTable(columns, users, (user) => user.id);
  return (
    <DataTable
      table={table}
      caption={t("users.title")}
      density="comfortable"
      busy={false}
      layout="auto"
      minWidth="1080px"
      rowAttributes={(user) => ({ "data-user": user.email })}
      rowClassName={(user) => (user.deactivatedAt ? "text-fg-muted" : undefined)}
    />
  );
}
