import { Landmark } from "lucide-react";
import Link from "next/link";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { LiveIndicator } from "@/components/events/live-indicator";
import { LookupBox } from "@/components/lookup/lookup-box";
import type { SessionUser } from "@/lib/auth/guard";
import { getTranslations } from "next-intl/server";
import { can } from "@/lib/auth/roles";
import { NavLinks } from "./nav-links";
import { ThemeToggle } from "./theme-toggle";

export async function AppHeader({ user }: { user: SessionUser }) {
  const t = await getTranslations();
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur">
      <div className="mx-auto flex max-w-[1600px] flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <Link href="/" className="flex items-center gap-2 font-semibold text-fg">
          <Landmark aria-hidden className="h-5 w-5 text-brand-600 dark:text-brand-500" />
          <span>{t("common.appName")}</span>
        </Link>
        <NavLinks role={user.role} />
        <div className="ml-auto flex items-center gap-2">
          {can(user.role, "lookup") ? <LookupBox /> : null}
          <LiveIndicator />
          <ThemeToggle />
          <div className="hidden text-right text-xs leading-tight sm:block">
            <div className="font-medium text-fg">{user.email}</div>
            <div className="text-fg-muted">{t(`glossary.roles.${user.role}`)}</div>
          </div>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
