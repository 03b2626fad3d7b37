import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { requirePageUser } from "@/lib/auth/guard";
import { getEnv } from "@/lib/env";
import { caughtMail } from "@/lib/mail/catcher";
import { formatBrazilDateTime } from "@/lib/pix";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("alerts.devMail"))("title") };
}

/** The demo's caught e-mails (sandbox mode with MAIL_CATCHER=on, admins); nothing here otherwise. */
export default async function DevMailPage() {
  const env = getEnv();
  if (!env.sandboxMode || !env.notify.mailCatcher) notFound();
  await requirePageUser("policy", "/dev/mail");
  const t = await getTranslations("alerts.devMail");
  const mails = await caughtMail();
  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
          <p className="text-sm text-fg-muted">{t("intro")}</p>
        </div>
        {/* "Reload" is a full load of this page, which reads the caught mail again. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/dev/mail" className={buttonVariants({ size: "sm" })}>
          {t("reload")}
        </a>
      </div>
      {mails.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-fg-muted">
          {t("empty")}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="caught-mail">
          {mails.map((m) => (
            <li key={m.id} className="flex flex-col gap-1 rounded-lg border border-border bg-surface p-4">
              <p className="font-semibold text-fg">{m.subject}</p>
              <p className="text-sm text-fg-muted">
                {t("to")}: {m.to.join(", ")} · {t("at")}: {formatBrazilDateTime(m.at)}
              </p>
              <pre className="mt-1 whitespace-pre-wrap break-words font-sans text-sm text-fg">{m.text}</pre>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
