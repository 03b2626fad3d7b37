"use client";

import { LogIn } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, Input, Label } from "@/components/ui/input";
import { authClient } from "@/lib/auth/auth-client";
import { signInErrorMessage } from "./sign-in-error";

type FieldErrors = { email?: string; password?: string };

function focusField(id: "email" | "password") {
  // After React re-enables the inputs.
  requestAnimationFrame(() => {
    const input = document.getElementById(id);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  });
}

/** Email + password sign-in. On success a full page load goes to `next` (already validated). */
export function LoginForm({ next }: { next: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const missing: FieldErrors = {};
    if (!email) missing.email = "Enter your email";
    if (!password) missing.password = "Enter your password";
    setFields(missing);
    setError(null);
    if (missing.email || missing.password) {
      focusField(missing.email ? "email" : "password");
      return;
    }
    setPending(true);
    try {
      const { error: failure } = await authClient.signIn.email({ email, password });
      if (failure) {
        setError(signInErrorMessage(failure));
        setPending(false);
        focusField("password");
        return;
      }
      // A full load: every server component renders again with the new session.
      window.location.assign(next);
    } catch {
      setError(signInErrorMessage({ status: 0 }));
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-4">
      <div
        id="sign-in-error"
        role="alert"
        aria-live="assertive"
        className={error ? "rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100" : "sr-only"}
      >
        {error}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus
          disabled={pending}
          aria-invalid={Boolean(fields.email || error)}
          aria-describedby={fields.email ? "email-error" : error ? "sign-in-error" : undefined}
        />
        <FieldError id="email-error" message={fields.email} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          disabled={pending}
          aria-invalid={Boolean(fields.password || error)}
          aria-describedby={fields.password ? "password-error" : error ? "sign-in-error" : undefined}
        />
        <FieldError id="password-error" message={fields.password} />
      </div>
      <Button type="submit" variant="primary" size="lg" disabled={pending} className="w-full">
        <LogIn aria-hidden className="h-4 w-4" />
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
