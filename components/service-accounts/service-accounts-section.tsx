"use client";

import { KeyRound, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { FieldError, Input, Label, Select } from "@/components/ui/input";
import { pendingChangeAnswer } from "@/lib/admin-changes/answers";
import { apiGet, apiPost, isApiRequestError } from "@/lib/domain/api-client";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { createdServiceAccountAnswer, issuedTokenAnswer, serviceAccountListAnswer, type ServiceAccountView } from "@/lib/service-accounts/answers";
import { SERVICE_ACCOUNT_ROLES } from "@/lib/service-accounts/ids";
import { AccountCard } from "./account-card";

const readList = answerParsedBy(serviceAccountListAnswer);
const readCreated = answerParsedBy(createdServiceAccountAnswer);
const readIssued = answerParsedBy(issuedTokenAnswer.or(pendingChangeAnswer));

/** A token's value, shown once after it was issued, or the note that it waits for a second admin. */
export type Issued = { accountId: string; value: string } | { accountId: string; asked: true };

/** /users, "Service accounts": create one, issue and revoke its tokens (POST/DELETE /api/service-accounts/...). */
export function ServiceAccountsSection({ initial }: { initial: ServiceAccountView[] }) {
  const t = useTranslations("serviceAccounts");
  const [accounts, setAccounts] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [issued, setIssued] = useState<Issued | null>(null);

  const refresh = async () => setAccounts((await apiGet("/api/service-accounts", readList)).service_accounts);
  const failed = (err: unknown) => setError(isApiRequestError(err) ? err.message : t("errors.failed"));

  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setPending(true);
    setError(null);
    try {
      await apiPost("/api/service-accounts", { name: String(form.get("name") ?? "").trim(), role: String(form.get("role") ?? "viewer") }, readCreated);
      formElement.reset();
      await refresh();
    } catch (err) {
      failed(err);
    } finally {
      setPending(false);
    }
  }

  async function onIssue(account: ServiceAccountView, expiresInDays: number | null) {
    setError(null);
    try {
      const answer = await apiPost(`/api/service-accounts/${encodeURIComponent(account.id)}/tokens`, expiresInDays ? { expires_in_days: expiresInDays } : {}, readIssued);
      setIssued("token" in answer ? { accountId: account.id, value: answer.token.value } : { accountId: account.id, asked: true });
      await refresh();
    } catch (err) {
      failed(err);
    }
  }

  async function onRevoke(account: ServiceAccountView, tokenId: string) {
    setError(null);
    try {
      const res = await fetch(`/api/service-accounts/${encodeURIComponent(account.id)}/tokens/${encodeURIComponent(tokenId)}`, { method: "DELETE", credentials: "same-origin" });
      if (!res.ok) throw new Error(((await res.json().catch(() => null)) as { error?: string } | null)?.error ?? t("errors.failed"));
      await refresh();
    } catch (err) {
      setError(err instanceof Error ? err.message : t("errors.failed"));
    }
  }

  return (
    <section aria-labelledby="service-accounts-title" className="flex flex-col gap-3" data-testid="service-accounts">
      <div>
        <h2 id="service-accounts-title" className="flex items-center gap-2 text-lg font-semibold text-fg">
          <KeyRound aria-hidden className="h-5 w-5" />
          {t("title")}
        </h2>
        <p className="max-w-3xl text-sm text-fg-muted">{t("intro")}</p>
      </div>
      <form onSubmit={onCreate} noValidate aria-busy={pending} aria-labelledby="new-service-account-title" className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-3">
        <h3 id="new-service-account-title" className="text-sm font-semibold text-fg">
          {t("create.title")}
        </h3>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_auto] sm:items-end">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="new-service-account-name">{t("create.name")}</Label>
            <Input id="new-service-account-name" name="name" autoComplete="off" maxLength={80} disabled={pending} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="new-service-account-role">{t("create.role")}</Label>
            <RoleSelect />
          </div>
          <SubmitButton variant="primary" disabled={pending}>
            <Plus aria-hidden className="h-4 w-4" />
            {pending ? t("create.submitting") : t("create.submit")}
          </SubmitButton>
        </div>
      </form>
      <FieldError id="service-accounts-error" message={error ?? undefined} />
      {accounts.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("empty")}</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {accounts.map((account) => (
            <AccountCard
              key={account.id}
              account={account}
              issued={issued?.accountId === account.id ? issued : null}
              onIssue={(days) => onIssue(account, days)}
              onRevoke={(tokenId) => onRevoke(account, tokenId)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function RoleSelect() {
  const t = useTranslations("glossary.roles");
  return (
    <Select id="new-service-account-role" name="role" defaultValue="viewer">
      {SERVICE_ACCOUNT_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(role)}
        </option>
      ))}
    </Select>
  );
}
