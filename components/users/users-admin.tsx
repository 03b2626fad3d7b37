"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import type { Role } from "@/lib/auth/roles";
import type { UserLinkAnswer, UserView } from "@/lib/auth/user-view";
import { PendingChanges } from "@/components/admin-changes/pending-changes";
import { adminChangeQueries } from "@/lib/queries/admin-changes";
import { NewUserForm } from "./new-user-form";
import { OneTimeLink } from "./one-time-link";
import { changeUser, listUsers, revokePasskeys, type PendingAnswer, type UserChangeBody } from "./users-api";
import { UsersTable, type UserAction } from "./users-table";
import { ERROR_BOX } from "@/components/ui/notice";
import { lookAgain } from "@/lib/queries/look-again";

type Pending = { user: UserView; action: UserAction; role?: Role };
type Outcome = { kind: "done"; text: string; link?: string } | { kind: "error"; text: string };

function bodyFor({ action, role }: Pending): UserChangeBody | null {
  switch (action) {
    case "role":
      return { role: role ?? "viewer" };
    case "deactivate":
      return { deactivated: true };
    case "reactivate":
      return { deactivated: false };
    case "resetSecondFactor":
      return { resetSecondFactor: true };
    case "endSessions":
      return { endSessions: true };
    case "newLink":
      return { newPasswordLink: true };
    case "revokePasskeys":
      return null;
  }
}

/**
 * The admins' user management: add a user (one-time set-password link shown once), change a
 * role, deactivate or reactivate, reset a second factor, end sessions, make a new link. Every
 * change is confirmed first; the server refuses what would leave no active admin.
 */
export function UsersAdmin({ initialUsers, currentUserId }: { initialUsers: UserView[]; currentUserId: string }) {
  const t = useTranslations();
  const [users, setUsers] = useState(initialUsers);
  const [pending, setPending] = useState<Pending | null>(null);
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();

  /** A change that waits for a second admin: say so, and show it in the list of waiting changes. */
  function asked(answer: PendingAnswer) {
    setOutcome({ kind: "done", text: t("adminChanges.asked", { id: answer.pending_change.id }) });
    void lookAgain(queryClient, adminChangeQueries.all());
  }

  async function reloadUsers() {
    const result = await listUsers(t("users.errors.failed"));
    if (result.ok) setUsers(result.data.users);
  }

  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);

  const roleName = (role: Role) => t(`glossary.roles.${role}`);

  function onAdded(answer: UserLinkAnswer | PendingAnswer) {
    if ("pending_change" in answer) return asked(answer);
    setUsers((list) => [...list, answer.user].sort((a, b) => a.email.localeCompare(b.email)));
    setOutcome({
      kind: "done",
      text: t("users.create.created", { email: answer.user.email, role: roleName(answer.user.role), hours: answer.linkHours ?? 0 }),
      link: answer.setPasswordUrl,
    });
  }

  async function confirm() {
    if (!pending || working) return;
    setWorking(true);
    const body = bodyFor(pending);
    if (!body) return confirmRevoke(pending);
    const result = await changeUser(pending.user.id, body, t("users.errors.failed"));
    setWorking(false);
    const email = pending.user.email;
    setPending(null);
    if (!result.ok) return setOutcome({ kind: "error", text: result.error });
    if ("pending_change" in result.data) return asked(result.data);
    const { user, changed, endedSessions = 0, setPasswordUrl, linkHours = 0 } = result.data;
    setUsers((list) => list.map((u) => (u.id === user.id ? user : u)));
    if (changed === false) return setOutcome({ kind: "done", text: t("users.done.unchanged", { email }) });
    const action = pending.action;
    if (action === "revokePasskeys") return;
    const texts: Record<Exclude<UserAction, "revokePasskeys">, string> = {
      role: t("users.done.role", { email, role: roleName(user.role) }),
      deactivate: t("users.done.deactivate", { email, sessions: endedSessions }),
      reactivate: t("users.done.reactivate", { email }),
      resetSecondFactor: t("users.done.resetSecondFactor", { email }),
      endSessions: t("users.done.endSessions", { email, sessions: endedSessions }),
      newLink: t("users.done.newLink", { email, hours: linkHours }),
    };
    setOutcome({ kind: "done", text: texts[action], link: setPasswordUrl });
  }

  /** Passkeys revoked at once (not a money role), or the change asked of a second admin. */
  async function confirmRevoke(p: Pending) {
    const result = await revokePasskeys(p.user.id, t("users.errors.failed"));
    setWorking(false);
    setPending(null);
    if (!result.ok) return setOutcome({ kind: "error", text: result.error });
    if ("pending_change" in result.data) return asked(result.data);
    setOutcome({ kind: "done", text: t("users.done.revokePasskeys", { email: p.user.email, count: result.data.revoked, sessions: result.data.endedSessions }) });
    await reloadUsers();
  }

  function question(p: Pending): string {
    const email = p.user.email;
    if (p.action === "role") return t("users.confirm.role", { email, from: roleName(p.user.role), to: roleName(p.role ?? "viewer") });
    return t(`users.confirm.${p.action}`, { email });
  }

  return (
    <div className="flex flex-col gap-4">
      <PendingChanges kinds={["role", "new_account", "password_link", "reset_second_factor", "reactivate", "revoke_passkeys", "service_token"]} currentUserId={currentUserId} onDecided={() => void reloadUsers()} />
      <Card>
        <CardBody>
          <NewUserForm onAdded={onAdded} />
        </CardBody>
      </Card>
      {outcome ? (
        <div
          role={outcome.kind === "error" ? "alert" : "status"}
          className={
            outcome.kind === "error"
              ? ERROR_BOX
              : "flex flex-col gap-2 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900 dark:border-green-800 dark:bg-green-950/40 dark:text-green-100"
          }
        >
          <p>{outcome.text}</p>
          {outcome.kind === "done" && outcome.link ? <OneTimeLink url={outcome.link} /> : null}
          {outcome.kind === "done" && outcome.link ? (
            <Button size="sm" className="self-start" onClick={() => setOutcome(null)}>
              {t("users.create.dismiss")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {pending ? (
        <div role="group" aria-label={t("users.actions.confirm")} className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          <p className="min-w-0 flex-1">{question(pending)}</p>
          <div className="flex gap-2">
            <Button ref={confirmRef} size="sm" variant={pending.action === "deactivate" || pending.action === "resetSecondFactor" ? "danger" : "primary"} disabled={working} onClick={() => void confirm()}>
              {working ? t("users.actions.working") : t("users.actions.confirm")}
            </Button>
            <Button size="sm" variant="ghost" disabled={working} onClick={() => setPending(null)}>
              {t("users.actions.cancel")}
            </Button>
          </div>
        </div>
      ) : null}
      <p className="text-xs text-fg-muted">{t("users.count", { count: users.length })}</p>
      <UsersTable
        users={users}
        currentUserId={currentUserId}
        proposedRole={pending?.action === "role" && pending.role ? { id: pending.user.id, role: pending.role } : null}
        busy={working}
        onAction={(user, action, role) => {
          if (action === "role" && role === user.role) return setPending(null);
          setOutcome(null);
          setPending({ user, action, role });
        }}
      />
    </div>
  );
}
