import { Landmark } from "lucide-react";
import { AlertBell } from "@/components/alerts/alert-bell";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { LiveIndicator } from "@/components/events/live-indicator";
import { BalanceBadge } from "@/components/balance/balance-badge";
import { LookupBox } from "@/components/lookup/lookup-box";
import type { SessionUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";
import { LanguageSwitch } from "./language-switch";
import { NavLinks, type NavBadges } from "./nav-links";
import { ThemeToggle } from "./theme-toggle";

/**
 * The signed-in header, one line at every width (1440 px with every link of an admin, 390 px
 * on a phone): links that do not fit sit in a menu, the user's name and sign-out move into that
 * menu on a phone. Its height is fixed (h-12): the payments table's header sticks just under it.
 * `badges`: what to show beside a link, by href (the integrator's counts).
 */
export async function AppHeader({ user, badges }: { user: SessionUser; badges?: NavBadges }) {
  const t = await getTranslations();
  const role = t(`glossary.roles.${user.role}`);
  const who = (
    <div className="min-w-0 text-xs leading-tight">
      <div className="truncate font-medium text-fg" title={user.email}>
        {user.email}
      </div>
      <div className="truncate text-fg-muted">{role}</div>
    </div>
  );
  return (
    <header className="sticky top-0 z-30 h-12 border-b border-border bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-(--breakpoint-3xl) items-center gap-x-2 px-3 sm:gap-x-3 sm:px-4">
        <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold text-fg" title={t("common.appName")}>
          <Landmark aria-hidden className="h-5 w-5 text-brand-600 dark:text-brand-500" />
          {/* Only the icon where the links first join the bar (lg to xl): their room, counts included. */}
          <span className="sr-only whitespace-nowrap sm:not-sr-only lg:max-xl:sr-only">{t("common.appName")}</span>
        </Link>
        <NavLinks
          role={user.role}
          badges={badges}
          footer={
            // Who is signed in, where the bar has no room for it; sign-out too on a phone.
            <div className="flex items-center justify-between gap-2 px-1 wide:max-3xl:hidden">
              {who}
              <div className="sm:hidden">
                <SignOutButton />
              </div>
            </div>
          }
        />
        <div className="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-2">
          {/* Those who send or approve see what is available (wide screens; the overview and the review step show it too). */}
          {can(user.role, "viewTransfers") ? (
            // A wrapper hides it below xl: the badge's own inline-flex would outweigh a `hidden` passed in.
            <span className="hidden xl:inline-flex">
              <BalanceBadge compact />
            </span>
          ) : null}
          {can(user.role, "lookup") ? <LookupBox compact={can(user.role, "viewTransfers")} /> : null}
          <LiveIndicator />
          {can(user.role, "alerts") ? <AlertBell /> : null}
          <ThemeToggle />
          <LanguageSwitch />
          {/* From 3xl (1600 px) the bar shows more links instead (the header is capped there, and a
              badge, a long balance or "Reconectando" must still fit): the name moves into the menu. Below
              it the name is capped at 8rem (a long e-mail is cut, whole in its title) for the same room. */}
          <div className="hidden max-w-[8rem] text-right wide:block 3xl:hidden">{who}</div>
          <div className="hidden sm:block">
            <SignOutButton />
          </div>
        </div>
      </div>
    </header>
  );
}
