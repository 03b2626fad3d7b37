"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import { ROLES, type Role } from "@/lib/auth/roles";
import type { UserView } from "@/lib/auth/user-view";
import { formatBrazilDate } from "@/lib/pix/time";
import { cn } from "@/lib/utils";

export type UserAction = "role" | "deactivate" | "reactivate" | "resetSecondFactor" | "revokePasskeys" | "endSessions" | "newLink";

type Props = {
  users: UserView[];
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

/** Every staff account, with its role (a select), status, second factor and the admin's actions. */
export function UsersTable({ users, currentUserId, proposedRole, busy, onAction }: Props) {
  const t = useTranslations();
  const th = "px-3 py-2 font-medium";
  return (
    <div className="relative overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full min-w-[1080px] border-collapse text-sm">
        <caption className="sr-only">{t("users.title")}</caption>
        <thead className="bg-surface-muted text-left text-xs uppercase tracking-wide text-fg-muted">
          <tr>
            <th scope="col" className={th}>{t("users.columns.user")}</th>
            <th scope="col" className={th}>{t("users.columns.role")}</th>
            <th scope="col" className={th}>{t("users.columns.status")}</th>
            <th scope="col" className={th}>{t("users.columns.secondFactor")}</th>
            <th scope="col" className={th}>{t("users.columns.created")}</th>
            <th scope="col" className={th}>{t("users.columns.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const role = proposedRole?.id === user.id ? proposedRole.role : user.role;
            const deactivated = Boolean(user.deactivatedAt);
            // One's own account is changed by another admin (the server refuses it too): no role, deactivation or link here.
            const own = user.id === currentUserId;
            return (
              <tr key={user.id} data-user={user.email} className={cn("border-t border-border align-top", deactivated && "text-fg-muted")}>
                <td className="min-w-[15rem] px-3 py-2">
                  <div className="font-medium text-fg">
                    {user.name}
                    {own ? <span className="ml-1 text-xs font-normal text-fg-muted">({t("users.you")})</span> : null}
                  </div>
                  <div className="break-words font-mono text-xs text-fg-muted">{user.email}</div>
                </td>
                <td className="px-3 py-2">
                  {own ? (
                    <span className="inline-block whitespace-nowrap py-1 font-medium text-fg" data-testid="own-role">
                      {t(`glossary.roles.${role}`)}
                    </span>
                  ) : (
                    <Select
                      compact
                      className="w-auto min-w-[14rem]"
                      aria-label={t("users.actions.role", { email: user.email })}
                      value={role}
                      disabled={busy}
                      onChange={(e) => onAction(user, "role", e.currentTarget.value as Role)}
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`glossary.roles.${r}`)}
                        </option>
                      ))}
                    </Select>
                  )}
                </td>
                <td className="px-3 py-2">
                  <div className="flex flex-col items-start gap-1">
                    {deactivated ? <Badge tone="bad">{t("users.status.deactivated")}</Badge> : <Badge tone="ok">{t("users.status.active")}</Badge>}
                    {user.hasPassword ? null : <Badge tone="warn">{t("users.status.noPassword")}</Badge>}
                  </div>
                </td>
                <td className="px-3 py-2">
                  {user.twoFactorEnabled ? (
                    <Badge tone="ok">{t("users.secondFactor.on")}</Badge>
                  ) : user.secondFactorRequired ? (
                    <Badge tone="warn">{t("users.secondFactor.missing")}</Badge>
                  ) : (
                    <Badge tone="muted">{t("users.secondFactor.off")}</Badge>
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatBrazilDate(user.createdAt)}</td>
                <td className="px-3 py-2">
                  {own ? (
                    <Link href="/settings/security" className="text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
                      {t("users.ownAccount")}
                    </Link>
                  ) : (
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
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
