import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import type { WebhookRegistration } from "@/lib/payments-api";

export type RegistrationsState = { ok: true; registrations: WebhookRegistration[] } | { ok: false; error: string };

/**
 * The provider's webhook registrations (GET /v1/webhooks) against this back office's receiver:
 * each type's address, whether it is ours, and a warning for a type not delivered to us.
 */
export async function WebhookRegistrations({
  state,
  expectedUrl,
  ourTypes,
}: {
  state: RegistrationsState;
  expectedUrl: string;
  /** The webhook types this back office registers (lib/payments-api OUR_WEBHOOK_TYPES). */
  ourTypes: readonly number[];
}) {
  const t = await getTranslations("webhooks.settings.registrations");
  const typeName = (id: number) => (id === 1 || id === 2 ? t(`types.${id}`) : String(id));
  const missing = state.ok ? ourTypes.filter((id) => !state.registrations.some((w) => w.typeId === id && w.url === expectedUrl)) : [];
  return (
    <Card data-testid="webhook-registrations">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
      </CardHeader>
      <CardBody className="space-y-3">
        <p className="text-sm text-fg-muted">{t("intro")}</p>
        <p className="text-sm text-fg">
          {t.rich("expected", { url: expectedUrl, code: (chunks) => <code className="font-mono text-xs">{chunks}</code> })}
        </p>
        {!state.ok ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t("couldNotRead", { error: state.error })}
          </p>
        ) : state.registrations.length === 0 ? (
          <p className="text-sm text-fg">{t("none")}</p>
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border">
            {state.registrations.map((w) => (
              <li key={w.typeId} className="grid gap-x-6 gap-y-1 px-3 py-2 text-sm md:grid-cols-[14rem_1fr_auto]">
                <span className="font-medium text-fg">{typeName(w.typeId)}</span>
                <span className="min-w-0">
                  <span className="block break-all font-mono text-xs text-fg">{w.url}</span>
                  <span className="text-xs text-fg-muted">{w.url === expectedUrl ? t("ours") : t("other")}</span>
                </span>
                <span className="text-fg-muted">
                  {t("authorization")}: <span className="text-fg">{w.authorizationHeader ? t("sends") : t("notSent")}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
        {missing.map((id) => (
          <p key={id} role="status" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
            <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" /> {t("missing", { type: typeName(id) })}
          </p>
        ))}
        {state.ok && missing.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-400">
            <CheckCircle2 aria-hidden className="h-4 w-4" /> {ourTypes.map(typeName).join(" · ")}
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
