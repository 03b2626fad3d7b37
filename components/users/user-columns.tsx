import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import type { DataTableFeatures } from "@/components/data-table/features";
import type { AppTranslator } from "@/components/data-table/param-label";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import { ROLES, type Role } from "@/lib/auth/roles";
import type { UserView } from "@/lib/auth/user-view";
import { formatBrazilDate } from "@/lib/pix/time";
import { cn } from "@/lib/utils";

const helper = createColumnHelper<DataTableFeatures, UserView>();

export type UserAction = "role" | "deactivate" | "reactivate" | "resetSecondFactor" | "revokePasskeys" | "endSessions" | "newLink";

/** What the admin's table needs besides the users: who is reading, a role change waiting, and the actions. */
export type UserChoices = {
  t: AppTranslator;
  currentUserId: string;
  /** The role shown for a user while a change of it waits for confirmation. */
  proposedRole: { id: string; role: Role } | null;
  busy: boolean;
  onAction: (user: UserView, action: UserAction, role?: Role) => void;
};

function Badge({ tone, children }: { tone: "ok" | "muted" | "warn" | "bad"; children: string }) {
  const tones = {
    ok: "border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/40 dark:text-green-100",
    muted: "border-border bg-surface-muted text-fg-muted",
    warn: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100",
    bad: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100",
  } as const;
  return <span className={cn("inline-flex whitespace-nowrap rounded border px-1.5 py-0.5 text-xs font-medium", tones[tone])}>{children}</span>;
}

/** One's own account is changed by another admin (the server refuses it too): no role, deactivation or link here. */
function UserButtons({ user, c }: { user: UserView; c: UserChoices }) {
  const { t, busy, onAction } = c;
  const deactivated = Boolean(user.deactivatedAt);
  if (user.id === c.currentUserId) {
    return (
      <Link href="/settings/security" className="text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
        {t("users.ownAccount")}
      </Link>
    );
  }
  return (
    <div className="flex flex-wrap gap-1">
      {deactivated ? (
        <Button size="xs" disabled={busy} onClick={() => onAction(user, "reactivate")}>
          {t("users.actions.reactivate")}
        </Button>
      ) : (
        <Button size="xs" disabled={busy} onClick={() => onAction(user, "deactivate")}>
          {t("users.actions.deactivate")}
        </Button>
      )}
      {user.twoFactorEnabled ? (
        <Button size="xs" disabled={busy} onClick={() => onAction(user, "resetSecondFactor")}>
          {t("users.actions.resetSecondFactor")}
        </Button>
      ) : null}
      {user.passkeys > 0 ? (
        <Button size="xs" disabled={busy} onClick={() => onAction(user, "revokePasskeys")} title={t("users.passkeys", { count: user.passkeys })}>
          {t("users.actions.revokePasskeys")}
        </Button>
      ) : null}
      <Button size="xs" disabled={busy || deactivated} onClick={() => onAction(user, "endSessions")}>
        {t("users.actions.endSessions")}
      </Button>
      <Button size="xs" disabled={busy || deactivated} onClick={() => onAction(user, "newLink")}>
        {t("users.actions.newLink")}
      </Button>
    </div>
  );
}

/** Every staff account's columns: who, role (a select), status, second factor, since when, and the admin's actions. */
export function buildUserColumns(c: UserChoices) {
  const { t } = c;
  const word = (key: "user" | "role" | "status" | "secondFactor" | "created" | "actions") => t(`users.columns.${key}`);
  return helper.columns([
    helper.accessor("name", {
      header: word("user"),
      cell: (info) => (
        <>
          <div className="font-medium text-fg">
            {info.getValue()}
            {info.row.original.id === c.currentUserId ? <span className="ml-1 text-xs font-normal text-fg-muted">({t("users.you")})</span> : null}
          </div>
          <div className="break-words font-mono text-xs text-fg-muted">{info.row.original.email}</div>
        </>
      ),
      meta: { label: word("user"), valign: "top", className: "min-w-[15rem]" },
    }),
    helper.display({
      id: "role",
      header: word("role"),
      cell: (info) => {
        const user = info.row.original;
        const role = c.proposedRole?.id === user.id ? c.proposedRole.role : user.role;
        return user.id === c.currentUserId ? (
          <span className="inline-block whitespace-nowrap py-1 font-medium text-fg" data-testid="own-role">
            {t(`glossary.roles.${role}`)}
          </span>
        ) : (
          <Select
            compact
            className="w-auto min-w-[14rem]"
            aria-label={t("users.actions.role", { email: user.email })}
            value={role}
            disabled={c.busy}
            onChange={(e) => c.onAction(user, "role", e.currentTarget.value as Role)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`glossary.roles.${r}`)}
              </option>
            ))}
          </Select>
        );
      },
      meta: { label: word("role"), valign: "top" },
    }),
    helper.display({
      id: "status",
      header: word("status"),
      cell: (info) => (
        <div className="flex flex-col items-start gap-1">
          {info.row.original.deactivatedAt ? <Badge tone="bad">{t("users.status.deactivated")}</Badge> : <Badge tone="ok">{t("users.status.active")}</Badge>}
          {info.row.original.hasPassword ? null : <Badge tone="warn">{t("users.status.noPassword")}</Badge>}
        </div>
      ),
      meta: { label: word("status"), valign: "top" },
    }),
    helper.display({
      id: "second_factor",
      header: word("secondFactor"),
      cell: (info) =>
        info.row.original.twoFactorEnabled ? (
          <Badge tone="ok">{t("users.secondFactor.on")}</Badge>
        ) : info.row.original.secondFactorRequired ? (
          <Badge tone="warn">{t("users.secondFactor.missing")}</Badge>
        ) : (
          <Badge tone="muted">{t("users.secondFactor.off")}</Badge>
        ),
      meta: { label: word("secondFactor"), valign: "top" },
    }),
    helper.accessor("createdAt", {
      header: word("created"),
      cell: (info) => formatBrazilDate(info.getValue()),
      meta: { label: word("created"), valign: "top", className: "whitespace-nowrap tabular-nums" },
    }),
    helper.display({
      id: "actions",
      header: word("actions"),
      cell: (info) => <UserButtons user={info.row.original} c={c} />,
      meta: { label: word("actions"), valign: "top" },
    }),
  ]);
}
