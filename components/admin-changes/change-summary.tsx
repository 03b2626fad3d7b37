"use client";

import { useTranslations } from "next-intl";
import type { PendingChangeView } from "@/lib/admin-changes/types";
import { formatBRL } from "@/lib/pix";
import type { ApprovalPolicy } from "@/lib/transfers/policy";

/** One pending change in words: what it is and, for a policy, the policy in force beside the proposed one. */
export function ChangeSummary({ change }: { change: PendingChangeView }) {
  const t = useTranslations("adminChanges");
  const role = useTranslations("glossary.roles");
  const c = change.change;
  const email = change.target_email ?? "";
  const tiers = (p: ApprovalPolicy) => p.tiers.map((tier) => t("policy.tier", { amount: formatBRL(tier.from_cents), count: tier.approvals })).join("; ");
  switch (c.kind) {
    case "approval_policy":
      return (
        <div className="flex flex-col gap-0.5">
          <p className="font-medium text-fg">{t("kinds.approval_policy")}</p>
          <p className="text-fg">{t("policy.proposed", { tiers: tiers(c.proposed), hours: c.proposed.expiry_hours })}</p>
          <p className="text-fg-muted">{t("policy.inForce", { tiers: tiers(c.in_force), hours: c.in_force.expiry_hours })}</p>
        </div>
      );
    case "role":
      return <p className="font-medium text-fg">{t("kinds.role", { email, from: role(c.from), to: role(c.to) })}</p>;
    case "new_account":
      return <p className="font-medium text-fg">{t("kinds.new_account", { email: c.email, role: role(c.role) })}</p>;
    case "password_link":
      return <p className="font-medium text-fg">{t("kinds.password_link", { email, role: role(c.role) })}</p>;
    case "reset_second_factor":
      return <p className="font-medium text-fg">{t("kinds.reset_second_factor", { email, role: role(c.role) })}</p>;
    case "reactivate":
      return <p className="font-medium text-fg">{t("kinds.reactivate", { email, role: role(c.role) })}</p>;
    case "revoke_passkeys":
      return <p className="font-medium text-fg">{t("kinds.revoke_passkeys", { email, role: role(c.role) })}</p>;
    case "service_token":
      return <p className="font-medium text-fg">{t("kinds.service_token", { name: c.service_account.name, role: role(c.role) })}</p>;
  }
}
