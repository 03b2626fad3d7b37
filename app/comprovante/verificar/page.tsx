import type { Metadata } from "next";
import { BadgeCheck, ShieldAlert } from "lucide-react";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { AuthPage } from "@/components/auth/auth-page";
import { Button } from "@/components/ui/button";
import { FieldError, Input, Label } from "@/components/ui/input";
import { ERROR_BOX } from "@/components/ui/notice";
import { getDb } from "@/lib/db";
import { clientAddress } from "@/lib/http/client-address";
import { formatBRL } from "@/lib/pix/money";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { checkReceiptCode } from "@/lib/receipts/authentication";
import { normalizeAuthCode, type ReceiptVerifyAnswer } from "@/lib/receipts/verify-answer";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("receipts.verify");
  return { title: t("metaTitle"), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

type Outcome = { kind: "none" } | { kind: "format" } | { kind: "rate"; seconds: number } | { kind: "answer"; answer: ReceiptVerifyAnswer };

/**
 * The public check of a comprovante's authentication code (no sign-in): a plain GET form, so it
 * works without JavaScript; the same check and rate limit as GET /api/receipts/verify, and it
 * shows no more than that route says.
 */
export default async function VerifyReceiptPage({ searchParams }: Props) {
  const raw = (await searchParams).code;
  const typed = typeof raw === "string" ? raw.slice(0, 64) : "";
  const t = await getTranslations("receipts.verify");
  let outcome: Outcome = { kind: "none" };
  if (typed.trim()) {
    const bare = normalizeAuthCode(typed);
    if (!bare) outcome = { kind: "format" };
    else {
      const checked = await checkReceiptCode(await getDb(), clientAddress(await headers()).ip, bare);
      outcome = checked.ok ? { kind: "answer", answer: checked.answer } : { kind: "rate", seconds: checked.retryAfterSeconds };
    }
  }
  const formatError = outcome.kind === "format" ? t("errors.format") : undefined;

  return (
    <AuthPage titleId="verify-title" title={t("title")}>
      <p className="mb-5 text-sm text-fg-muted">{t("intro")}</p>
      <form method="get" action="/comprovante/verificar" className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="verify-code">{t("label")}</Label>
          <Input
            id="verify-code"
            name="code"
            defaultValue={typed}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            maxLength={64}
            required
            className="font-mono uppercase"
            aria-invalid={Boolean(formatError)}
            aria-describedby={formatError ? "verify-code-error verify-code-hint" : "verify-code-hint"}
          />
          <FieldError id="verify-code-error" message={formatError} />
          <p id="verify-code-hint" className="text-xs text-fg-muted">{t("hint")}</p>
        </div>
        {/* eslint-disable-next-line no-restricted-syntax -- a GET form on purpose: it works without JavaScript, and the code is printed on paper, no secret */}
        <Button type="submit" variant="primary" className="self-start">{t("submit")}</Button>
      </form>
      <div className="mt-5" role="status" aria-live="polite">
        {outcome.kind === "rate" ? <p className={ERROR_BOX}>{t("errors.rateLimited", { seconds: outcome.seconds })}</p> : null}
        {outcome.kind === "answer" ? <VerifyResult answer={outcome.answer} t={t} /> : null}
      </div>
    </AuthPage>
  );
}

function VerifyResult({ answer, t }: { answer: ReceiptVerifyAnswer; t: Awaited<ReturnType<typeof getTranslations<"receipts.verify">>> }) {
  if (!answer.valid || !answer.end_to_end || answer.value_cents === null || !answer.payment_date) {
    return (
      <p className={`${ERROR_BOX} flex items-start gap-2`} data-testid="verify-invalid">
        <ShieldAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        {t("invalid")}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100" data-testid="verify-valid">
      <p className="flex items-start gap-2 font-medium">
        <BadgeCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        {t("valid")}
      </p>
      <p>{t("compare")}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="opacity-80">{t("endToEnd")}</dt>
        <dd className="break-all font-mono">{answer.end_to_end}</dd>
        <dt className="opacity-80">{t("amount")}</dt>
        <dd className="tabular-nums">{formatBRL(answer.value_cents)}</dd>
        <dt className="opacity-80">{t("paymentDate")}</dt>
        <dd>{formatBrazilDateTime(answer.payment_date)}</dd>
      </dl>
    </div>
  );
}
