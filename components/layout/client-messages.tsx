import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { pickMessages, type MessageScope } from "@/lib/i18n/client-messages";

/**
 * The messages the client components below it read: only its scope's namespaces
 * (lib/i18n/client-messages.ts), not every namespace, travel with the page. An inner scope
 * replaces an outer one for what it wraps.
 */
export async function ClientMessages({ scope, children }: { scope: MessageScope; children: ReactNode }) {
  const messages = await getMessages();
  return <NextIntlClientProvider messages={pickMessages(messages, scope)}>{children}</NextIntlClientProvider>;
}
