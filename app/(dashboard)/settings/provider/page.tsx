import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BalanceBadge } from "@/components/balance/balance-badge";
import { AuthFailures } from "@/components/provider-settings/auth-failures";
import { CompanyCard } from "@/components/provider-settings/company-card";
import { ProviderHealthCard } from "@/components/provider-settings/provider-health";
import { WebhookRegistrations, type RegistrationsState } from "@/components/provider-settings/webhook-registrations";
import { requirePageUser } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { recentAuthFailures } from "@/lib/events/auth-failures";
import { getHealth, listWebhooks, OUR_WEBHOOK_TYPES, webhookReceiverUrl } from "@/lib/payments-api";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("webhooks.settings"))("title") };
}

async function registrations(): Promise<RegistrationsState> {
  try {
    return { ok: true, registrations: await listWebhooks() };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** /settings/provider (admins): the provider's health, its webhook registrations against ours, refused deliveries. */
export default async function ProviderSettingsPage() {
  await requirePageUser("policy", "/settings/provider");
  const t = await getTranslations("webhooks.settings");
  const [health, state, failures] = await Promise.all([getHealth(), registrations(), getDb().then((db) => recentAuthFailures(db))]);
  const env = getEnv();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
          <p className="text-sm text-fg-muted">{t("intro")}</p>
        </div>
        <div className="flex items-center gap-2 text-sm text-fg-muted">
          {t("balance")} <BalanceBadge size="md" />
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ProviderHealthCard health={health} />
        <AuthFailures rows={failures} />
        <CompanyCard company={env.company} sandboxMode={env.sandboxMode} />
      </div>
      <WebhookRegistrations state={state} expectedUrl={webhookReceiverUrl(env)} ourTypes={OUR_WEBHOOK_TYPES} />
    </div>
  );
}
