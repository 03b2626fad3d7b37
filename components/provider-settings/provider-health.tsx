import { getTranslations } from "next-intl/server";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import type { ProviderHealth } from "@/lib/payments-api";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { cn } from "@/lib/utils";

const ok = (good: boolean) => cn("font-medium", good ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400");

/** Whether the provider answers and takes our credentials (the same probe as GET /api/health). */
export async function ProviderHealthCard({ health }: { health: ProviderHealth }) {
  const t = await getTranslations("webhooks.settings.health");
  const rows: [string, React.ReactNode][] = [
    [t("mode"), t(health.mode)],
    [t("reachable"), <span key="r" className={ok(health.reachable)}>{health.reachable ? t("yes") : t("no")}</span>],
    [t("authenticated"), <span key="a" className={ok(health.authenticated)}>{health.authenticated ? t("accepted") : t("refused")}</span>],
    [t("latency"), health.latency_ms === null ? "—" : `${health.latency_ms} ms`],
    [t("token"), health.token.cached && health.token.expires_in_s !== null ? t("tokenCached", { seconds: health.token.expires_in_s }) : t("tokenNone")],
  ];
  return (
    <Card data-testid="provider-health">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <span className="text-xs text-fg-muted">{t("checkedAt", { time: formatBrazilDateTime(health.checked_at) })}</span>
      </CardHeader>
      <CardBody>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-fg-muted">{label}</dt>
              <dd className="text-fg">{value}</dd>
            </div>
          ))}
        </dl>
        {health.error ? <p className="mt-3 text-sm text-red-700 dark:text-red-400">{t("error", { error: health.error })}</p> : null}
      </CardBody>
    </Card>
  );
}
