"use client";

import { ShieldCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Dialog } from "radix-ui";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { FieldError, Input, Label } from "@/components/ui/input";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { stepUpAnswer } from "@/lib/auth/answers";
import { apiPost, isApiRequestError } from "@/lib/domain/api-client";
import { PasskeyStepUpDialog } from "./passkey-step-up-dialog";

const readVerified = answerParsedBy(stepUpAnswer);

/**
 * Asks for the password (or the authenticator code, or a passkey: passkey-step-up-dialog.tsx) again and sends it to POST /api/me/step-up.
 * `onDone(true)` once accepted; `onDone(false)` on cancel. A session ended by too many wrong
 * tries sends the browser to sign in again.
 */
export function StepUpDialog({ method, onDone }: { method: "password" | "code" | "passkey"; onDone(ok: boolean): void }) {
  if (method === "passkey") return <PasskeyStepUpDialog onDone={onDone} />;
  return <SecretStepUpDialog method={method} onDone={onDone} />;
}

function SecretStepUpDialog({ method, onDone }: { method: "password" | "code"; onDone(ok: boolean): void }) {
  const t = useTranslations("auth.stepUp");
  const id = useId();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const value = String(new FormData(event.currentTarget).get("secret") ?? "").trim();
    if (!value) return setError(t(method === "code" ? "enterCode" : "enterPassword"));
    setPending(true);
    setError(null);
    try {
      await apiPost("/api/me/step-up", method === "code" ? { code: value } : { password: value }, readVerified);
      onDone(true);
    } catch (err) {
      setPending(false);
      if (isApiRequestError(err) && err.status === 401) {
        router.push(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
        return;
      }
      setError(isApiRequestError(err) ? (err.fields?.[method] ?? err.message) : String(err));
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onDone(false))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px]" />
        <Dialog.Content className="fixed left-1/2 top-[12vh] z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 flex-col gap-4 rounded-lg border border-border bg-surface p-5 text-fg shadow-xl focus:outline-none">
          <div className="flex items-start gap-3">
            <ShieldCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
            <div className="flex flex-col gap-1">
              <Dialog.Title className="text-base font-semibold text-fg">{t("title")}</Dialog.Title>
              <Dialog.Description className="text-sm text-fg-muted">{t(method === "code" ? "explainCode" : "explainPassword")}</Dialog.Description>
            </div>
          </div>
          <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-secret`}>{t(method === "code" ? "code" : "password")}</Label>
              <Input
                id={`${id}-secret`}
                name="secret"
                type={method === "code" ? "text" : "password"}
                inputMode={method === "code" ? "numeric" : undefined}
                autoComplete={method === "code" ? "one-time-code" : "current-password"}
                maxLength={method === "code" ? 6 : 256}
                autoFocus
                disabled={pending}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              <FieldError id={`${id}-error`} message={error ?? undefined} />
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="ghost" disabled={pending}>
                  {t("cancel")}
                </Button>
              </Dialog.Close>
              <SubmitButton variant="primary" disabled={pending}>
                {pending ? t("working") : t("confirm")}
              </SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
