"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Button } from "@/components/ui/button";
import type { WebhookEndpoint } from "@/lib/erp/webhooks/schema";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { erpWebhookQueries } from "@/lib/queries/erp-webhooks";
import { lookAgain } from "@/lib/queries/look-again";
import { DeliveriesList } from "./deliveries-list";
import { NewEndpointForm } from "./new-endpoint-form";

/**
 * The admins' webhook endpoints: add one (its signing secret is shown once, here), see each
 * one's deliveries and send one again. Every change is audited on the server.
 */
export function WebhooksAdmin() {
  const t = useTranslations("erpWebhooks");
  const queryClient = useQueryClient();
  const list = useQuery(erpWebhookQueries.endpoints());
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-5">
      <NewEndpointForm
        onCreated={(endpoint) => {
          setCreated(endpoint);
          setOpen(endpoint.id);
          void lookAgain(queryClient, erpWebhookQueries.all());
        }}
      />
      {created ? (
        <div role="status" className="flex flex-col gap-2 rounded-lg border border-green-700/40 bg-green-50 p-4 text-sm dark:bg-green-950/30">
          <p className="font-medium text-fg">{t("createdFor", { url: created.url })}</p>
          <p className="text-fg-muted">{t("secretOnce")}</p>
          <div className="flex items-center gap-2">
            <code className="break-all rounded bg-surface px-2 py-1 font-mono text-xs" data-testid="endpoint-secret">
              {created.secret}
            </code>
            <CopyButton value={created.secret} label={t("copySecret")} />
          </div>
        </div>
      ) : null}
      {list.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : list.isError ? (
        <ErrorState title={t("loadError")} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.endpoints.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-fg-muted" role="status">
          {t("empty")}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t("listLabel")}>
          {list.data.endpoints.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} open={open === endpoint.id} onToggle={() => setOpen(open === endpoint.id ? null : endpoint.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function EndpointCard({ endpoint, open, onToggle }: { endpoint: WebhookEndpoint; open: boolean; onToggle: () => void }) {
  const t = useTranslations("erpWebhooks");
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4" data-endpoint={endpoint.url}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <span className="break-all font-mono text-sm text-fg">{endpoint.url}</span>
          {endpoint.description ? <span className="text-sm text-fg-muted">{endpoint.description}</span> : null}
          <span className="text-xs text-fg-muted">{t("listening", { events: endpoint.events.join(", ") })}</span>
          {!endpoint.enabled ? (
            <span className="text-xs font-medium text-red-700 dark:text-red-400">
              {endpoint.disabled_reason === "failing" && endpoint.disabled_at ? t("disabledFailing", { date: formatBrazilDateTime(endpoint.disabled_at) }) : t("paused")}
            </span>
          ) : endpoint.failing_since ? (
            <span className="text-xs font-medium text-amber-700 dark:text-amber-400">{t("failingSince", { date: formatBrazilDateTime(endpoint.failing_since) })}</span>
          ) : null}
        </div>
        <Button size="sm" onClick={onToggle} aria-expanded={open}>
          {open ? t("hideDeliveries") : t("showDeliveries")}
        </Button>
      </div>
      {open ? <DeliveriesList endpointId={endpoint.id} /> : null}
    </li>
  );
}
