"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import type { ChargeDetail as Charge } from "@/lib/charges/answers";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { formatDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { chargeQueries } from "@/lib/queries/charges";
import { ChargeStateBadge } from "./charge-state-badge";
import { ChargeSend } from "./charge-send";
import { ChargeWithdraw } from "./charge-withdraw";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="shrink-0 text-sm text-fg-muted sm:w-44">{term}</dt>
      <dd className="min-w-0 text-sm text-fg [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * /charges/{id}: the charge with what the payer needs (the QR code, the code to copy, the link),
 * its payment once it came, and its timeline. While it awaits payment the query looks again every
 * few seconds, so the page turns paid on its own.
 */
export function ChargeDetail({ id, canWithdraw }: { id: string; canWithdraw: boolean }) {
  const t = useTranslations("charges.detail");
  const query = useQuery(chargeQueries.detail(id));
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label={t("loading")}>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-64 w-full max-w-md" />
      </div>
    );
  }
  if (query.isError) return <ErrorState title={t("couldNotLoad")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const c = query.data.charge;
  return (
    <div className="flex flex-col gap-5" data-charge-id={c.id} data-state={c.state}>
      <Link href="/charges" className="w-fit text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
        ← {t("back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold text-fg">{formatBRL(c.value_cents)}</h1>
        <ChargeStateBadge state={c.state} size="md" />
        <span className="font-mono text-sm text-fg-muted">{c.external_reference}</span>
      </div>
      {c.attention ? <AttentionNotice attention={c.attention} /> : null}
      {c.state === "awaiting_payment" ? <p className="text-xs text-fg-muted" role="status">{t("live")}</p> : null}
      <div className="grid gap-6 lg:grid-cols-[auto_1fr]">
        {c.state === "awaiting_payment" || c.state === "creating" ? <PayerPart charge={c} /> : null}
        <dl className="flex flex-col gap-2">
          <Row term={t("due")}>{formatBrazilDay(c.due_date)}</Row>
          <Row term={t("expiresAt")}>{formatBrazilDateTime(c.expires_at)}</Row>
          <Row term={t("payer")}>
            {c.payer_name} · <span className="font-mono">{formatDocument(c.payer_document)}</span>
          </Row>
          {c.payer_email ? <Row term={t("email")}>{c.payer_email}</Row> : null}
          {c.description ? <Row term={t("description")}>{c.description}</Row> : null}
          <Row term={t("providerReference")}>{c.reference_code ?? "—"}</Row>
          <Row term={t("createdBy")}>
            {c.maker_email} · {formatBrazilDateTime(c.created_at)}
          </Row>
          {c.error_reason ? <Row term={t("errorReason")}>{c.error_reason}</Row> : null}
          {c.paid ? (
            <>
              <Row term={t("paidAt")}>{formatBrazilDateTime(c.paid.at)}</Row>
              <Row term={t("paidBy")}>
                {[c.paid.payer_name, c.paid.payer_document ? formatDocument(c.paid.payer_document) : null, c.paid.payer_bank].filter(Boolean).join(" · ") || "—"}
              </Row>
              <Row term={t("endToEnd")}>
                <span className="font-mono text-xs">{c.paid.end_to_end ?? "—"}</span>
              </Row>
            </>
          ) : null}
          {c.withdrawn ? <Row term={t("withdrawn")}>{t("withdrawnBy", { email: c.withdrawn.by, date: formatBrazilDateTime(c.withdrawn.at), reason: c.withdrawn.reason ?? "—" })}</Row> : null}
        </dl>
      </div>
      <div className="flex flex-wrap gap-2">
        <a href={`/api/charges/${encodeURIComponent(c.id)}/pdf`} className={buttonVariants({ variant: "secondary" })} download>
          {t("pdf")}
        </a>
        {c.paid?.end_to_end ? (
          <a href={`/api/charges/${encodeURIComponent(c.id)}/receipt`} className={buttonVariants({ variant: "primary" })} download data-testid="charge-receipt">
            {t("receipt")}
          </a>
        ) : null}
      </div>
      {canWithdraw && c.state === "awaiting_payment" && c.payer_email ? <ChargeSend id={c.id} to={c.payer_email} /> : null}
      {canWithdraw && c.state === "awaiting_payment" ? <ChargeWithdraw id={c.id} /> : null}
      <Timeline charge={c} />
    </div>
  );
}

function AttentionNotice({ attention }: { attention: NonNullable<Charge["attention"]> }) {
  const t = useTranslations("charges.attention");
  return <Notice>{t(attention)}</Notice>;
}

/** What the payer needs: the QR code image, the copia-e-cola code with a copy button, the link. */
function PayerPart({ charge: c }: { charge: Charge }) {
  const t = useTranslations("charges.detail");
  return (
    <div className="flex max-w-sm flex-col gap-3">
      {c.content ? (
        <>
          {/* A PNG our own API renders from the code: next/image adds nothing here. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={`/api/charges/${encodeURIComponent(c.id)}/qrcode.png`} alt={t("qrAlt", { reference: c.external_reference })} width={256} height={256} className="rounded-lg border border-border bg-white p-2" />
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium text-fg">{t("code")}</span>
            <code className="block max-h-28 overflow-auto rounded-md bg-surface-muted p-2 font-mono text-xs [overflow-wrap:anywhere]" data-testid="charge-content">
              {c.content}
            </code>
            <button type="button" data-copy={c.content} data-copy-label={t("code")} className={buttonVariants({ variant: "primary" })}>
              {t("copyCode")}
            </button>
          </div>
        </>
      ) : null}
      {c.payment_link ? (
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-fg">{t("link")}</span>
          <a href={c.payment_link} className="text-sm text-blue-700 underline-offset-2 [overflow-wrap:anywhere] hover:underline dark:text-blue-300" rel="noreferrer" target="_blank">
            {c.payment_link}
          </a>
        </div>
      ) : null}
    </div>
  );
}

function Timeline({ charge: c }: { charge: Charge }) {
  const t = useTranslations("charges");
  const root = useTranslations();
  return (
    <section className="flex flex-col gap-2" aria-labelledby="charge-timeline">
      <h2 id="charge-timeline" className="text-base font-semibold text-fg">{t("detail.timeline")}</h2>
      <ol className="flex flex-col gap-1 text-sm">
        {c.events.map((e, i) => (
          <li key={i} className="flex flex-wrap gap-x-2">
            <span className="tabular-nums text-fg-muted">{formatBrazilDateTime(e.at)}</span>
            <span className="font-medium">{t(`states.${e.to_state}`)}</span>
            {e.note && root.has(e.note.key as never) ? <span>{root(e.note.key as never, e.note.values as never)}</span> : null}
            <span className="text-fg-muted">{e.actor_email ?? t("detail.system")}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
