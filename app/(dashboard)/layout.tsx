import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { StepUpProvider } from "@/components/auth/step-up";
import { LiveUpdates } from "@/components/events/live-updates";
import { AppHeader } from "@/components/layout/app-header";
import { ClientMessages } from "@/components/layout/client-messages";
import { InboxBadge } from "@/components/transfers/inbox-badge";
import { getSessionUser } from "@/lib/auth/guard";
import { can, type Role } from "@/lib/auth/roles";
import { AttentionBadge } from "@/components/transfers/attention-badge";
import { DashboardProviders } from "./providers";

function transferBadges(role: Role) {
  const inbox = can(role, "approve");
  const attention = can(role, "handleAttention");
  if (!inbox && !attention) return undefined;
  return {
    "/transfers": (
      <>
        {inbox ? <InboxBadge /> : null}
        {attention ? <AttentionBadge /> : null}
      </>
    ),
  };
}

/**
 * The signed-in shell. Each page checks its own permission (and redirects to /login with
 * the way back); without a session this layout renders the page bare so that check runs.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  if (!user) {
    return (
      <ClientMessages scope="dashboard">
        <DashboardProviders>{children}</DashboardProviders>
      </ClientMessages>
    );
  }
  const t = await getTranslations("common");
  return (
    <ClientMessages scope="dashboard">
      <DashboardProviders>
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2">
          {t("skipToContent")}
        </a>
        <LiveUpdates />
        {/* Beside "Transfers": an approver sees what waits for their decision, an operator or admin what needs attention. */}
        <AppHeader user={user} badges={transferBadges(user.role)} />
        <main id="main" className="mx-auto max-w-(--breakpoint-3xl) px-3 py-5 sm:px-4">
          <StepUpProvider>{children}</StepUpProvider>
        </main>
      </DashboardProviders>
    </ClientMessages>
  );
}
