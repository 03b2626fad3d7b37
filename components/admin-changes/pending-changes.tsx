"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { approvalPolicyQuery } from "@/components/approvals/policy-query";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { ERROR_BOX } from "@/components/ui/notice";
import { TokenShownOnce } from "@/components/service-accounts/token-shown-once";
import { OneTimeLink } from "@/components/users/one-time-link";
import type { PendingChangeKind, PendingChangeView } from "@/lib/admin-changes/types";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { confirmedChangeAnswer } from "@/lib/admin-changes/answers";
import { apiPost } from "@/lib/domain/api-client";
import { formatBrazilDateTime } from "@/lib/pix";
import { adminChangeQueries } from "@/lib/queries/admin-changes";
import { AccountHistory } from "./account-history";
import { ChangeSummary } from "./change-summary";
import { lookAgain } from "@/lib/queries/look-again";

const readDecision = answerParsedBy(confirmedChangeAnswer);
type Outcome = { kind: "done"; text: string; link?: { url: string; email: string; hours: number }; token?: { name: string; value: string } } | { kind: "error"; text: string };

/**
 * The changes of these kinds waiting for a second admin, with who asked and when. Another admin
 * confirms (the change applies now; a set-password link is shown to them once) or refuses; the
 * requester sees that it waits for someone else. Nothing shows when nothing waits.
 */
export function PendingChanges({ kinds, currentUserId, onDecided }: { kinds: readonly PendingChangeKind[]; currentUserId: string; onDecided?: (change: PendingChangeView) => void }) {
  const t = useTranslations("adminChanges");
  const queryClient = useQueryClient();
  const query = useQuery(adminChangeQueries.list());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: "confirm" | "refuse" }) => apiPost(`/api/admin/pending-changes/${encodeURIComponent(id)}/${decision}`, {}, readDecision),
    onSuccess: (answer) => {
      const c = answer.pending_change;
      const email = c.change.kind === "new_account" ? c.change.email : (c.target_email ?? "");
      setOutcome({
        kind: "done",
        text: t(c.state === "confirmed" ? "confirmed" : c.state === "failed" ? "failed" : "refused"),
        link: answer.set_password_url ? { url: answer.set_password_url, email, hours: answer.link_hours ?? 0 } : undefined,
        token: answer.token && c.change.kind === "service_token" ? { name: c.change.service_account.name, value: answer.token.value } : undefined,
      });
      void lookAgain(queryClient, adminChangeQueries.all());
      if (c.change.kind === "approval_policy") void lookAgain(queryClient, approvalPolicyQuery.queryKey);
      onDecided?.(c);
    },
    onError: (error) => setOutcome({ kind: "error", text: error.message }),
  });

  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const waiting = (query.data?.pending ?? []).filter((c) => kinds.includes(c.change.kind));
  if (waiting.length === 0 && !outcome) return null;
  return (
    <Card role="region" aria-labelledby="pending-changes-title" data-testid="pending-changes">
      <CardBody className="flex flex-col gap-3">
        <div className="flex items-start gap-2">
          <ShieldAlert aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-600 dark:text-amber-400" />
          <div>
            <h2 id="pending-changes-title" className="text-base font-semibold text-fg">
              {t("title")}
            </h2>
            <p className="text-sm text-fg-muted">{t("intro")}</p>
          </div>
        </div>
        {outcome ? (
          <div role={outcome.kind === "error" ? "alert" : "status"} className={outcome.kind === "error" ? ERROR_BOX : "flex flex-col gap-2 text-sm text-green-800 dark:text-green-300"}>
            <p>{outcome.text}</p>
            {outcome.kind === "done" && outcome.link ? (
              <>
                <p className="text-fg">{t("linkFor", { email: outcome.link.email, hours: outcome.link.hours })}</p>
                <OneTimeLink url={outcome.link.url} />
                <Button size="sm" className="self-start" onClick={() => setOutcome(null)}>
                  {t("dismiss")}
                </Button>
              </>
            ) : null}
            {outcome.kind === "done" && outcome.token ? (
              <>
                <TokenShownOnce name={outcome.token.name} value={outcome.token.value} />
                <Button size="sm" className="self-start" onClick={() => setOutcome(null)}>
                  {t("dismiss")}
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
        {waiting.length === 0 ? <p className="text-sm text-fg-muted">{t("empty")}</p> : null}
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {waiting.map((change) => {
            const own = change.requested_by.id === currentUserId;
            const busy = decide.isPending && decide.variables?.id === change.id;
            return (
              <li key={change.id} className="flex flex-col gap-2 px-3 py-3 text-sm sm:flex-row sm:items-center sm:justify-between" data-testid="pending-change">
                <div className="min-w-0 flex-1">
                  <ChangeSummary change={change} />
                  <p className="text-xs text-fg-muted">{t("askedBy", { email: change.requested_by.email, at: formatBrazilDateTime(change.requested_at) })}</p>
                  {change.account_history?.length ? <AccountHistory events={change.account_history} /> : null}
                </div>
                {own ? (
                  <p className="text-xs text-amber-800 sm:max-w-56 dark:text-amber-300">{t("waitingOther")}</p>
                ) : (
                  <div className="flex shrink-0 gap-2">
                    <Button size="sm" variant="primary" disabled={decide.isPending} onClick={() => decide.mutate({ id: change.id, decision: "confirm" })}>
                      {busy && decide.variables?.decision === "confirm" ? t("working") : t("confirm")}
                    </Button>
                    <Button size="sm" variant="danger" disabled={decide.isPending} onClick={() => decide.mutate({ id: change.id, decision: "refuse" })}>
                      {busy && decide.variables?.decision === "refuse" ? t("working") : t("refuse")}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </CardBody>
    </Card>
  );
}
