"use client";

import { AlertTriangle, CircleHelp, Clock, Loader2, XCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { TransferOutcomeView } from "@/components/transfers/transfer-outcome";
import { transferHref } from "@/components/transfers/transfer-columns";
import { formatBrazilDateTime } from "@/lib/pix";
import type { TransferDetail } from "@/lib/transfers/types";
import { cn } from "@/lib/utils";
import type { Submission } from "./use-create-transfer";

const TONES = {
  error: "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100",
  info: "border-blue-200 bg-blue-50 text-blue-950 dark:border-blue-900 dark:bg-blue-950/40 dark:text-blue-100",
} as const;

function Box({ tone, icon, title, role, children }: { tone: keyof typeof TONES; icon: ReactNode; title: string; role: "alert" | "status"; children?: ReactNode }) {
  return (
    <div role={role} className={cn("flex gap-3 rounded-lg border p-4", TONES[tone])} data-testid="register-outcome">
      <div className="mt-0.5 shrink-0">{icon}</div>
      <div className="flex min-w-0 flex-col gap-2 text-sm">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}

const icon = "h-5 w-5";

/** Where the confirmed transfer stands, in words, with the one next step that is safe. */
export function SubmissionStatus({
  submission,
  transfer,
  onRetry,
  busy,
}: {
  submission: Submission;
  transfer: TransferDetail | null;
  onRetry: () => void;
  busy: boolean;
}) {
  const t = useTranslations("register.status");
  switch (submission.phase) {
    case "idle":
      return null;
    case "creating":
      return <Box tone="info" role="status" icon={<Loader2 aria-hidden className={cn(icon, "animate-spin")} />} title={t("sending")} />;
    case "invalid":
      return (
        <Box tone="error" role="alert" icon={<XCircle aria-hidden className={icon} />} title={t("invalid")}>
          <p className="break-words">{submission.message}</p>
          <p>{t("invalidHint")}</p>
        </Box>
      );
    case "idTaken":
      return (
        <Box tone="error" role="alert" icon={<XCircle aria-hidden className={icon} />} title={t("idTaken")}>
          <p className="break-words">{submission.message}</p>
        </Box>
      );
    case "refused":
      return (
        <Box tone="error" role="alert" icon={<XCircle aria-hidden className={icon} />} title={t("failed")}>
          <p className="break-words">{submission.message}</p>
        </Box>
      );
    case "signedOut":
      return (
        <Box tone="error" role="alert" icon={<XCircle aria-hidden className={icon} />} title={t("signedOut")}>
          <p>
            <Link className="font-medium underline" href="/login?next=%2Fpayments%2Fnew" target="_blank">
              {t("signInAgain")}
            </Link>{" "}
            {t("signInThen")}
          </p>
        </Box>
      );
    case "lost":
      return (
        <Box tone="warning" role="alert" icon={<AlertTriangle aria-hidden className={icon} />} title={t("lost")}>
          <p>{t("lostHint")}</p>
          <Button size="sm" variant="primary" className="w-fit" onClick={onRetry} disabled={busy}>
            {t("tryAgain")}
          </Button>
        </Box>
      );
    case "created":
      return <CreatedStatus id={submission.id} transfer={transfer} />;
  }
}

function CreatedStatus({ id, transfer }: { id: string; transfer: TransferDetail | null }) {
  const t = useTranslations("register.status");
  const tr = useTranslations("transfers");
  const open = (
    <Link className="w-fit font-medium underline" href={transferHref(id)}>
      {t("openRequest")}
    </Link>
  );
  const state = transfer?.state ?? "approved";
  if (state === "awaiting_approval") {
    return (
      <Box tone="info" role="status" icon={<Clock aria-hidden className={icon} />} title={t("awaiting")}>
        <p>{t("awaitingHint")}</p>
        {open}
      </Box>
    );
  }
  if (state === "refused" && transfer?.outcome) {
    return (
      <Box tone="error" role="alert" icon={<XCircle aria-hidden className={icon} />} title={t("refused")}>
        <TransferOutcomeView outcome={transfer.outcome} />
        <p>{t("refusedHint")}</p>
      </Box>
    );
  }
  if (state === "outcome_unknown") {
    return (
      <Box tone="warning" role="alert" icon={<CircleHelp aria-hidden className={icon} />} title={t("unknown")}>
        {transfer?.outcome ? <TransferOutcomeView outcome={transfer.outcome} /> : null}
        <p>{t("unknownHint")}</p>
        {transfer?.next_attempt_at ? (
          <p data-testid="next-check">{tr("detail.nextCheck", { at: formatBrazilDateTime(transfer.next_attempt_at) })}</p>
        ) : null}
        {open}
      </Box>
    );
  }
  if (state === "failed" || state === "canceled" || state === "rejected" || state === "expired") {
    return (
      <Box tone="error" role="alert" icon={<XCircle aria-hidden className={icon} />} title={t("failed")}>
        {transfer?.outcome ? <TransferOutcomeView outcome={transfer.outcome} /> : null}
        {open}
      </Box>
    );
  }
  return (
    <Box tone="info" role="status" icon={<Loader2 aria-hidden className={cn(icon, "animate-spin")} />} title={t("sending")}>
      <p>{t("sendingHint")}</p>
    </Box>
  );
}
