"use client";

import { Fingerprint } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { startAuthentication } from "@simplewebauthn/browser";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/input";
import { passkeyOptionsAnswer, stepUpAnswer } from "@/lib/auth/answers";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { apiPost, isApiRequestError } from "@/lib/domain/api-client";

const readOptions = answerParsedBy(passkeyOptionsAnswer);
const readVerified = answerParsedBy(stepUpAnswer);

/**
 * Step-up with a passkey: a challenge for this session (POST /api/me/step-up/passkey-options),
 * the device asks for the fingerprint, face or PIN, and the assertion goes to POST /api/me/step-up.
 * Nothing to type. The button sits at the bottom, within thumb reach on a phone.
 */
export function PasskeyStepUpDialog({ onDone }: { onDone(ok: boolean): void }) {
  const t = useTranslations("auth.stepUp");
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const optionsJSON = await apiPost("/api/me/step-up/passkey-options", {}, readOptions);
      let assertion;
      try {
        assertion = await startAuthentication({ optionsJSON: optionsJSON as Parameters<typeof startAuthentication>[0]["optionsJSON"] });
      } catch {
        setPending(false);
        return setError(t("passkeyCanceled"));
      }
      await apiPost("/api/me/step-up", { passkey: assertion }, readVerified);
      onDone(true);
    } catch (err) {
      setPending(false);
      if (isApiRequestError(err) && err.status === 401) {
        router.push(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
        return;
      }
      setError(isApiRequestError(err) ? (err.fields?.passkey ?? err.message) : String(err));
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onDone(false))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px]" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex flex-col gap-4 rounded-t-xl border border-border bg-surface p-5 text-fg shadow-xl focus:outline-none sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-[12vh] sm:w-[28rem] sm:-translate-x-1/2 sm:rounded-lg">
          <div className="flex items-start gap-3">
            <Fingerprint aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
            <div className="flex flex-col gap-1">
              <Dialog.Title className="text-base font-semibold text-fg">{t("title")}</Dialog.Title>
              <Dialog.Description className="text-sm text-fg-muted">{t("explainPasskey")}</Dialog.Description>
            </div>
          </div>
          <FieldError id="passkey-step-up-error" message={error ?? undefined} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button type="button" variant="ghost" disabled={pending}>
                {t("cancel")}
              </Button>
            </Dialog.Close>
            <Button type="button" variant="primary" size="lg" disabled={pending} onClick={() => void confirm()} autoFocus>
              <Fingerprint aria-hidden className="h-4 w-4" />
              {pending ? t("working") : t("usePasskey")}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
