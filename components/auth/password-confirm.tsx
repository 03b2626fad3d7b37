"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { FieldError, Input, Label } from "@/components/ui/input";

/**
 * "Confirm your password" before a change to the second factor. `onConfirm` resolves to an error
 * message to show, or null when done.
 */
export function PasswordConfirm({
  explain,
  submit,
  variant = "primary",
  onConfirm,
  onCancel,
}: {
  explain: ReactNode;
  submit: string;
  variant?: "primary" | "danger" | "secondary";
  onConfirm: (password: string) => Promise<string | null>;
  onCancel?: () => void;
}) {
  const t = useTranslations("security.twoFactor");
  const id = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    if (!password) return setError(t("enterPassword"));
    setPending(true);
    setError(null);
    const failure = await onConfirm(password).catch(() => t("failed"));
    setPending(false);
    setError(failure);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex max-w-sm flex-col gap-3">
      <p className="text-sm text-fg-muted">{explain}</p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-password`}>{t("password")}</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus
          disabled={pending}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`} message={error ?? undefined} />
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton variant={variant} disabled={pending}>
          {submit}
        </SubmitButton>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            {t("cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
