import { AlertTriangle, CheckCircle2, CircleHelp, Loader2, XCircle } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { paymentPagePath } from "@/lib/register/check-registration";
import type { SubmitOutcome } from "@/lib/register/outcome";
import { cn } from "@/lib/utils";

const TONES = {
  error: "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100",
  success: "border-green-300 bg-green-50 text-green-950 dark:border-green-800 dark:bg-green-950/40 dark:text-green-100",
  info: "border-blue-200 bg-blue-50 text-blue-950 dark:border-blue-900 dark:bg-blue-950/40 dark:text-blue-100",
} as const;

function Box({
  tone,
  icon,
  title,
  role,
  children,
}: {
  tone: keyof typeof TONES;
  icon: ReactNode;
  title: string;
  role: "alert" | "status";
  children: ReactNode;
}) {
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

const iconClass = "h-5 w-5";

/**
 * What happened to "Confirm transfer", in words, with the one next step that is safe:
 * fix and resend (refused), retry with the same id (not registered), check again (unknown),
 * or open the payment (registered).
 */
export function OutcomeNotice({
  outcome,
  onRetry,
  onCheckAgain,
  onNewTransfer,
  busy,
}: {
  outcome: SubmitOutcome;
  onRetry?: () => void;
  onCheckAgain?: () => void;
  onNewTransfer?: () => void;
  busy?: boolean;
}) {
  switch (outcome.kind) {
    case "rejected":
      return (
        <Box tone="error" role="alert" icon={<XCircle aria-hidden className={iconClass} />} title="The transfer was refused">
          <p className="break-words">{outcome.message}</p>
          <p>Nothing was registered. Your values are kept: correct them and review again.</p>
        </Box>
      );
    case "invalid":
      return (
        <Box tone="error" role="alert" icon={<XCircle aria-hidden className={iconClass} />} title="Some values were refused">
          <p className="break-words">{outcome.message}</p>
          <p>Nothing was registered. The fields to correct are marked below.</p>
        </Box>
      );
    case "session":
      return (
        <Box tone="error" role="alert" icon={<XCircle aria-hidden className={iconClass} />} title="You are signed out">
          <p>{outcome.message}</p>
          <Link className="font-medium underline" href="/login?next=%2Fpayments%2Fnew" target="_blank">
            Sign in again in a new tab
          </Link>
          <p>then come back and confirm: the same payment id will be used.</p>
        </Box>
      );
    case "registered":
      return (
        <Box tone="success" role="status" icon={<CheckCircle2 aria-hidden className={iconClass} />} title="Registered">
          <p>
            {outcome.reconciled
              ? "This transfer is registered (found by its payment id). It will not be sent again."
              : "The transfer is registered."}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Link className="font-medium underline" href={paymentPagePath(outcome.idempotentId)}>
              View the payment
            </Link>
            {onNewTransfer ? (
              <Button size="sm" onClick={onNewTransfer}>
                Register another transfer
              </Button>
            ) : null}
          </div>
        </Box>
      );
    case "not_registered":
      return (
        <Box tone="warning" role="alert" icon={<AlertTriangle aria-hidden className={iconClass} />} title="Not registered, safe to retry">
          <p className="break-words">{outcome.message}</p>
          <p>A retry uses the same payment id, so it can never create a second transfer.</p>
          {onRetry ? (
            <Button size="sm" variant="primary" className="w-fit" onClick={onRetry} disabled={busy}>
              Retry with the same id
            </Button>
          ) : null}
        </Box>
      );
    case "unknown":
      return (
        <Box tone="warning" role="alert" icon={<CircleHelp aria-hidden className={iconClass} />} title="Outcome not known yet">
          <p className="break-words">{outcome.message}</p>
          <p>Do not register it again. Check again in a moment: the page reads it back by its payment id.</p>
          {onCheckAgain ? (
            <Button size="sm" className="w-fit" onClick={onCheckAgain} disabled={busy}>
              {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
              Check again
            </Button>
          ) : null}
        </Box>
      );
    case "check":
      return (
        <Box tone="info" role="status" icon={<Loader2 aria-hidden className={cn(iconClass, "animate-spin")} />} title="Checking whether it was registered…">
          <p>{outcome.message}</p>
        </Box>
      );
  }
}
