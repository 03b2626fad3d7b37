import { getTranslations } from "next-intl/server";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { WEBHOOK_AUTH_FAILURES_PER_MINUTE } from "@/lib/events/names";
import type { AuthFailureSummary } from "@/lib/events/auth-failures";
import { formatBrazilDateTime } from "@/lib/pix/time";

const count = new Intl.NumberFormat("pt-BR");

/** Addresses that sent deliveries with a wrong Authorization lately (counted, never stored as events). */
export async function AuthFailures({ rows }: { rows: AuthFailureSummary }) {
  const t = await getTranslations("webhooks.settings.unauthenticated");
  return (
    <Card data-testid="auth-failures">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
      </CardHeader>
      <CardBody className="space-y-2">
        <p className="text-sm text-fg-muted">{t("intro", { limit: WEBHOOK_AUTH_FAILURES_PER_MINUTE })}</p>
        {rows.length === 0 ? (
          <p className="text-sm text-fg">{t("none")}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase tracking-wide text-fg-muted">
              <tr>
                <th scope="col" className="py-1.5 pr-4 font-semibold">{t("address")}</th>
                <th scope="col" className="py-1.5 pr-4 text-right font-semibold">{t("count")}</th>
                <th scope="col" className="py-1.5 font-semibold">{t("lastSeen")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.ip} className="border-t border-border">
                  <td className="py-1.5 pr-4 font-mono text-xs">{r.ip}</td>
                  <td className="py-1.5 pr-4 text-right tabular-nums">{count.format(r.total)}</td>
                  <td className="py-1.5 tabular-nums">{formatBrazilDateTime(r.lastSeenAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardBody>
    </Card>
  );
}
