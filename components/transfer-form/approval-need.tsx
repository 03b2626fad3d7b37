"use client";

import { ShieldCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { formatBRL } from "@/lib/pix";
import { useApprovalNeed, type TypedDestination } from "./use-approval-need";

/**
 * What the transfer will take before it goes out, said as early as the amount is typed (step 1)
 * and again on the review: how many approvals, and when it is the 24-hour sum to this destination
 * that asks for them, that sum and which destination it was kept for (the document, the Pix key
 * or the bank account).
 */
export function ApprovalNeedNote({
  valueCents,
  destination,
  testId,
  scheduled = false,
}: {
  /** The amount, or a series' total (a series is approved as one decision). */
  valueCents: number | undefined;
  destination: TypedDestination;
  testId: string;
  /** It goes out on a later day, not as soon as it is confirmed. */
  scheduled?: boolean;
}) {
  const t = useTranslations("register");
  const need = useApprovalNeed(valueCents, destination);
  if (!need.data) return null;
  const { approvals, window_applies, window_sum_cents, window_hours, window_basis, window_key } = need.data.need;
  return (
    <p className="flex items-start gap-2 text-sm text-fg" data-testid={testId} data-approvals={approvals} aria-live="polite">
      <ShieldCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-fg-muted" />
      <span>
        {approvals > 0 ? t("needsApproval", { count: approvals }) : scheduled ? t("noApprovalScheduled") : t("noApproval")}
        {window_applies ? (
          <span className="block text-fg-muted" data-testid={`${testId}-window`} data-basis={window_basis}>
            {t(`windowApplies.${window_basis}`, { total: formatBRL(window_sum_cents), hours: window_hours, key: window_key ?? "" })}
          </span>
        ) : null}
      </span>
    </p>
  );
}
