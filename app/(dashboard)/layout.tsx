import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { StepUpProvider } from "@/components/auth/step-up";
import { LiveUpdates } from "@/components/events/live-updates";
import { AppHeader } from "@/components/layout/app-header";
import { InboxBadge } from "@/components/transfers/inbox-badge";
import { getSessionUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";

/**
 * The signed-in shell. Each page checks its own permission (and redirects to /login with
 * the way back); without a session this layout renders the page bare so that check runs.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  if (!user) return <>{children}</>;
  const t = await getTranslations("common");
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2">
        {t("skipToContent")}
      </a>
      <LiveUpdates />
      {/* An approver sees how many requests wait for their decision beside "Transfers". */}
      <AppHeader user={user} badges={can(user.role, "approve") ? { "/transfers": <InboxBadge /> } : undefined} />
      <main id="main" className="mx-auto max-w-[1600px] px-3 py-5 sm:px-4">
        <StepUpProvider>{children}</StepUpProvider>
      </main>
    </>
  );
}
