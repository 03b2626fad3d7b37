"use client";

import { UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { FieldError, Input, Label, Select } from "@/components/ui/input";
import { ROLES } from "@/lib/auth/roles";
import type { UserLinkAnswer } from "@/lib/auth/user-view";
import { addUser, type PendingAnswer } from "./users-api";

/** "Add a user": email, optional name and a role; the answer carries the one-time link. */
export function NewUserForm({ onAdded }: { onAdded: (answer: UserLinkAnswer | PendingAnswer) => void }) {
  const t = useTranslations();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const email = String(form.get("email") ?? "").trim();
    const name = String(form.get("name") ?? "").trim();
    const role = String(form.get("role") ?? "viewer");
    if (!email) {
      setError(t("users.errors.invalid_email"));
      return;
    }
    setPending(true);
    setError(null);
    const result = await addUser({ email, role, ...(name ? { name } : {}) }, t("users.errors.failed"));
    setPending(false);
    if (!result.ok) return setError(result.error);
    formElement.reset();
    onAdded(result.data);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} aria-labelledby="new-user-title" className="flex flex-col gap-3">
      <h2 id="new-user-title" className="text-sm font-semibold text-fg">
        {t("users.create.title")}
      </h2>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1.3fr)_auto] sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="new-user-email">{t("users.create.email")}</Label>
          <Input
            id="new-user-email"
            name="email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            disabled={pending}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "new-user-error" : undefined}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="new-user-name">{t("users.create.name")}</Label>
          <Input id="new-user-name" name="name" autoComplete="off" maxLength={100} disabled={pending} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="new-user-role">{t("users.create.role")}</Label>
          <Select id="new-user-role" name="role" defaultValue="viewer" disabled={pending}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`glossary.roles.${role}`)}
              </option>
            ))}
          </Select>
        </div>
        <SubmitButton variant="primary" disabled={pending}>
          <UserPlus aria-hidden className="h-4 w-4" />
          {pending ? t("users.create.submitting") : t("users.create.submit")}
        </SubmitButton>
      </div>
      <FieldError id="new-user-error" message={error ?? undefined} />
    </form>
  );
}
