"use client";

import { LogOut } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Ends the session on the server, then reloads on /login (dropping every cached query). */
export function SignOutButton() {
  const t = useTranslations("auth.signOut");
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  async function signOut() {
    setPending(true);
    setFailed(false);
    try {
      // Loaded on click: Better Auth's client is not needed by any page until then.
      const { authClient } = await import("@/lib/auth/auth-client");
      const { error } = await authClient.signOut();
      if (error) throw new Error(error.message ?? "sign-out failed");
      // A full load, not a client navigation: nothing of this user's data stays in memory.
      window.location.assign(new URL("/login", window.location.href));
    } catch {
      setFailed(true);
      setPending(false);
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      {failed ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {t("failed")}
        </span>
      ) : null}
      <Button variant="ghost" size="sm" onClick={signOut} disabled={pending} aria-busy={pending}>
        <LogOut aria-hidden className="h-4 w-4" />
        {pending ? t("pending") : t("submit")}
      </Button>
    </span>
  );
}
