import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AlertsPage } from "@/components/alerts/alerts-page";
import { requirePageUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("alerts"))("title") };
}

/** Alerts: admins and support see all, operators those about their own transfers. */
export default async function AlertsRoute() {
  const user = await requirePageUser("alerts", "/alerts");
  return <AlertsPage own={!can(user.role, "allAlerts")} />;
}
