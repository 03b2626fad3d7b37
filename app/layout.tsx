import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";
import { THEME_SCRIPT } from "@/components/layout/theme-script";
import { ServiceWorker } from "@/components/pwa/service-worker";
import { THEME_COLOR } from "@/lib/pwa/web-app";
import { Providers } from "./providers";
import "./globals.css";

/** Page titles in the reader's language: "Pagamentos · Back office Pix". */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return {
    title: { default: t("appName"), template: `%s · ${t("appName")}` },
    description: t("appDescription"),
    // Installed on an iPhone (Safari reads these rather than the manifest's icons).
    appleWebApp: { capable: true, title: "Pix", statusBarStyle: "default" },
    // Set here, the tab icon must be named too (app/icon.svg would otherwise be left out).
    icons: { icon: [{ url: "/icon.svg", type: "image/svg+xml" }], apple: "/icons/apple-touch-icon.png" },
  };
}

export const viewport: Viewport = { themeColor: THEME_COLOR, width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // proxy.ts puts the request's CSP nonce here; inline scripts must carry it.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const locale = await getLocale();
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen font-sans antialiased">
        <ClientMessages scope="root">
          <Providers>{children}</Providers>
          <ServiceWorker />
        </ClientMessages>
      </body>
    </html>
  );
}
