"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { approvalPolicyQuery } from "@/components/approvals/policy-query";
import { AmountInput } from "@/components/ui/amount-input";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { ErrorState } from "@/components/ui/error-state";
import { Input, Label, Select } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import type { PendingChangeView } from "@/lib/admin-changes/types";
import { policyWeakens } from "@/lib/admin-changes/rules";
import { hasMembers, type AnswerReader } from "@/lib/domain/answer";
import { apiPut } from "@/lib/domain/api-client";
import { formatBRL, formatBRLNumber, formatBrazilDateTime, parseBRL } from "@/lib/pix";
import { adminChangeQueries } from "@/lib/queries/admin-changes";
import { approvalsRequired, MAX_APPROVALS, type ApprovalPolicy } from "@/lib/transfers/policy";
import { lookAgain } from "@/lib/queries/look-again";

type Draft = { tiers: Array<{ from: string; approvals: number }>; expiry: string };
/** 200 `{ policy }`: saved; 202 `{ pending_change }`: a weaker policy waits for a second admin. */
type SaveAnswer = { policy: ApprovalPolicy } | { pending_change: PendingChangeView };
const readSave: AnswerReader<SaveAnswer> = (body) => (hasMembers(body, { policy: "object" }) || hasMembers(body, { pending_change: "object" }) ? (body as SaveAnswer) : undefined);
const EXAMPLES = [50_000, 100_000, 999_999, 1_000_000, 5_000_000];

/** /settings/approvals: the value tiers and how many approvers each needs (admins; each save is a new, audited version). */
export function PolicyEditor() {
  const t = useTranslations("approvals.policy");
  const query = useQuery(approvalPolicyQuery);
  if (query.isPending) return <Skeleton className="h-64 w-full" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const policy = query.data.policy;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-fg-muted" data-testid="policy-last-change">
        {policy.changed_by && policy.changed_at
          ? policy.confirmed_by && policy.asked_at
            ? t("lastChangeConfirmed", { email: policy.changed_by, askedAt: formatBrazilDateTime(policy.asked_at), confirmer: policy.confirmed_by, at: formatBrazilDateTime(policy.changed_at) })
            : t("lastChange", { email: policy.changed_by, at: formatBrazilDateTime(policy.changed_at) })
          : t("neverChanged")}
      </p>
      <PolicyForm key={policy.changed_at ?? "default"} policy={policy} />
    </div>
  );
}

function PolicyForm({ policy }: { policy: ApprovalPolicy }) {
  const t = useTranslations("approvals.policy");
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({
    tiers: policy.tiers.map((tier) => ({ from: formatBRLNumber(tier.from_cents), approvals: tier.approvals })),
    expiry: String(policy.expiry_hours),
  });
  const [saved, setSaved] = useState<null | "saved" | "asked">(null);
  const save = useMutation({
    mutationFn: (next: ApprovalPolicy) => apiPut("/api/settings/approvals", next, readSave),
    onSuccess: (answer) => {
      setSaved("pending_change" in answer ? "asked" : "saved");
      void lookAgain(queryClient, approvalPolicyQuery.queryKey);
      void lookAgain(queryClient, adminChangeQueries.all());
    },
  });
  const parsed: ApprovalPolicy = {
    tiers: draft.tiers.map((tier) => ({ from_cents: readCents(tier.from), approvals: tier.approvals })),
    expiry_hours: Number.parseInt(draft.expiry, 10) || 0,
  };
  const weakens = parsed.tiers.every((tier) => Number.isFinite(tier.from_cents)) && policyWeakens(policy, parsed);
  const update = (index: number, patch: Partial<Draft["tiers"][number]>) => {
    setSaved(null);
    setDraft((d) => ({ ...d, tiers: d.tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)) }));
  };
  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(parsed);
      }}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-fg">{t("tiers")}</legend>
        {draft.tiers.map((tier, i) => (
          <div key={i} className="flex flex-wrap items-end gap-3" data-testid="policy-tier">
            <div className="flex w-56 flex-col gap-1">
              <Label htmlFor={`tier-from-${i}`}>{t("from")}</Label>
              <AmountInput id={`tier-from-${i}`} value={tier.from} onValueChange={(from) => update(i, { from })} disabled={i === 0} />
            </div>
            <div className="flex w-48 flex-col gap-1">
              <Label htmlFor={`tier-approvals-${i}`}>{t("approvals")}</Label>
              <Select id={`tier-approvals-${i}`} value={tier.approvals} onChange={(e) => update(i, { approvals: Number(e.target.value) })}>
                {Array.from({ length: MAX_APPROVALS + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n === 0 ? t("none") : n}
                  </option>
                ))}
              </Select>
            </div>
            {i > 0 ? (
              <Button
                size="icon"
                variant="ghost"
                aria-label={t("removeTier", { amount: formatBRL(readCents(tier.from)) })}
                onClick={() => setDraft((d) => ({ ...d, tiers: d.tiers.filter((_, j) => j !== i) }))}
              >
                <Trash2 aria-hidden className="h-4 w-4" />
              </Button>
            ) : null}
          </div>
        ))}
        <Button
          className="w-fit"
          size="sm"
          onClick={() => setDraft((d) => ({ ...d, tiers: [...d.tiers, { from: "", approvals: Math.min(MAX_APPROVALS, (d.tiers.at(-1)?.approvals ?? 0) + 1) }] }))}
          disabled={draft.tiers.length >= 10}
        >
          <Plus aria-hidden className="h-4 w-4" /> {t("addTier")}
        </Button>
      </fieldset>
      <div className="flex w-72 flex-col gap-1">
        <Label htmlFor="policy-expiry">{t("expiry")}</Label>
        <Input id="policy-expiry" inputMode="numeric" value={draft.expiry} onChange={(e) => setDraft((d) => ({ ...d, expiry: e.target.value.replace(/\D/g, "") }))} />
      </div>
      <ul className="flex flex-col gap-0.5 rounded-md bg-surface-muted p-3 text-sm text-fg" aria-live="polite">
        {EXAMPLES.map((cents) => (
          <li key={cents}>{t("preview", { amount: formatBRL(cents), count: approvalsRequired(parsed, cents) })}</li>
        ))}
      </ul>
      {save.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {save.error.message}
        </p>
      ) : null}
      {saved === "saved" ? (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          {t("saved")}
        </p>
      ) : null}
      {saved === "asked" ? (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
          {t("asked")}
        </p>
      ) : null}
      {weakens && !saved ? <p className="text-sm text-fg-muted">{t("weakens")}</p> : null}
      <SubmitButton variant="primary" className="w-fit" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? t("saving") : weakens ? t("askSecondAdmin") : t("save")}
      </SubmitButton>
    </form>
  );
}

function readCents(text: string): number {
  const parsed = parseBRL(text || "0");
  return parsed.ok ? parsed.cents : Number.NaN;
}
