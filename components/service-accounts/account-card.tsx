"use client";

import { KeyRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input, Label } from "@/components/ui/input";
import { formatBrazilDate, formatBrazilDateTime } from "@/lib/pix/time";
import type { ServiceAccountView, ServiceTokenView } from "@/lib/service-accounts/answers";
import { cn } from "@/lib/utils";
import type { Issued } from "./service-accounts-section";
import { TokenShownOnce } from "./token-shown-once";

type Props = { account: ServiceAccountView; issued: Issued | null; onIssue: (expiresInDays: number | null) => Promise<void>; onRevoke: (tokenId: string) => Promise<void> };

/** One service account: its role, its tokens (issued, expiry, last use, revoked) and "Issue token". */
export function AccountCard({ account, issued, onIssue, onRevoke }: Props) {
  const t = useTranslations();
  const [busy, setBusy] = useState(false);
  // A second click before React re-renders the disabled button is still one request.
  const sending = useRef(false);
  const fieldId = `token-days-${account.id}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    const days = Number(new FormData(event.currentTarget).get("days") || 0);
    setBusy(true);
    try {
      await onIssue(Number.isInteger(days) && days > 0 ? days : null);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-3" data-service-account={account.name}>
      <div>
        <h3 className="break-words font-medium text-fg">{account.name}</h3>
        <p className="text-sm text-fg-muted">{t("serviceAccounts.role", { role: t(`glossary.roles.${account.role}`) })}</p>
        <p className="text-xs text-fg-muted">{t("serviceAccounts.createdBy", { email: account.created_by, date: formatBrazilDate(account.created_at) })}</p>
      </div>
      <div>
        <h4 className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{t("serviceAccounts.tokens")}</h4>
        {account.tokens.length === 0 ? (
          <p className="text-sm text-fg-muted">{t("serviceAccounts.noTokens")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {account.tokens.map((token) => (
              <TokenRow key={token.id} token={token} onRevoke={() => onRevoke(token.id)} />
            ))}
          </ul>
        )}
      </div>
      {issued && "value" in issued ? <TokenShownOnce name={account.name} value={issued.value} /> : null}
      {issued && "asked" in issued ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          {t("serviceAccounts.issue.asked")}
        </p>
      ) : null}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fieldId}>{t("serviceAccounts.issue.expiresInDays")}</Label>
          <Input id={fieldId} name="days" inputMode="numeric" className="w-32" disabled={busy} />
        </div>
        <SubmitButton disabled={busy}>
          <KeyRound aria-hidden className="h-4 w-4" />
          {busy ? t("serviceAccounts.issue.submitting") : t("serviceAccounts.issue.submit")}
        </SubmitButton>
      </form>
    </li>
  );
}

function TokenRow({ token, onRevoke }: { token: ServiceTokenView; onRevoke: () => Promise<void> }) {
  const t = useTranslations("serviceAccounts");
  const revoked = Boolean(token.revoked_at);
  const facts = [
    t("token.created", { date: formatBrazilDate(token.created_at) }),
    token.expires_at ? t("token.expires", { date: formatBrazilDate(token.expires_at) }) : t("token.noExpiry"),
    token.last_used_at ? t("token.lastUsed", { date: formatBrazilDateTime(token.last_used_at) }) : t("token.neverUsed"),
    t("token.rate", { rate: token.rate_per_minute }),
  ];
  return (
    <li className={cn("flex flex-wrap items-center justify-between gap-2 py-2 text-sm", revoked && "text-fg-muted")} data-token={token.prefix}>
      <div className="min-w-0">
        <code className="font-mono text-xs">{token.prefix}…</code>
        <p className="text-xs text-fg-muted">{revoked ? t("token.revoked", { date: formatBrazilDateTime(token.revoked_at!) }) : facts.join(" · ")}</p>
      </div>
      {revoked ? null : (
        <Button size="sm" variant="danger" onClick={() => window.confirm(t("token.revokeConfirm", { prefix: token.prefix })) && void onRevoke()}>
          {t("token.revoke")}
        </Button>
      )}
    </li>
  );
}
