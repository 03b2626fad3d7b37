import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundContent } from "@/components/auth/not-found-content";
import { AppHeader } from "@/components/layout/app-header";
import { ClientMessages } from "@/components/layout/client-messages";
import { getSessionUser } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.notFound");
  return { title: t("metaTitle"), robots: { index: false } };
}

/**
 * Any address no page answers (Next.js's bare 404 otherwise): the app's own page, inside the
 * usual header for a signed-in user.
 */
export default async function NotFound() {
  const user = await getSessionUser();
  if (!user) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-bg px-4 py-10">
        <NotFoundContent signedIn={false} />
      </main>
    );
  }
  return (
    <ClientMessages scope="notFound">
      <AppHeader user={user} />
      <main id="main" className="mx-auto max-w-[1600px] px-4 py-10">
        <NotFoundContent signedIn />
      </main>
    </ClientMessages>
  );
}
