import { Compass } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";

/** The 404's title (the not-found files, and the page that answers unknown addresses). */
export async function notFoundMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.notFound");
  return { title: t("metaTitle"), robots: { index: false } };
}

/**
 * The app's own "page not found", in the reader's language, with the way back: the overview for
 * a signed-in user, the sign-in page otherwise. The address asked for is shown as typed.
 */
export async function NotFoundContent({ signedIn, path }: { signedIn: boolean; path?: string | null }) {
  const t = await getTranslations("auth.notFound");
  return (
    <section aria-labelledby="not-found-title" className="mx-auto w-full max-w-md rounded-lg border border-border bg-surface p-6 shadow-sm">
      <div className="mb-3 flex items-center gap-2 text-fg">
        <Compass aria-hidden className="h-6 w-6 text-brand-600 dark:text-brand-500" />
        <h1 id="not-found-title" className="text-xl font-semibold">
          {t("heading")}
        </h1>
      </div>
      <p className="text-sm text-fg">{t("body")}</p>
      {path ? <p className="mt-2 break-all font-mono text-xs text-fg-muted">{path.length > 200 ? `${path.slice(0, 200)}…` : path}</p> : null}
      <div className="mt-5">
        <Link href={signedIn ? "/" : "/login"} className={buttonVariants({ variant: "primary" })}>
          {signedIn ? t("goHome") : t("goSignIn")}
        </Link>
      </div>
    </section>
  );
}

/** The page alone, centred on the screen: where no signed-in header is around it. */
export function BareNotFound({ signedIn }: { signedIn: boolean }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-bg px-4 py-10">
      <NotFoundContent signedIn={signedIn} />
    </main>
  );
}
