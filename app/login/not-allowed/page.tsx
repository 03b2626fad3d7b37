import type { Metadata } from "next";
import { ShieldX } from "lucide-react";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { getSessionUser } from "@/lib/auth/guard";
import { PERMISSIONS, rolesFor, type Permission } from "@/lib/auth/roles";
import { loginUrlFor, safeNextPath } from "@/lib/auth/safe-next";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.notAllowed");
  return { title: t("title"), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function asPermission(value: unknown): Permission | undefined {
  return typeof value === "string" && Object.hasOwn(PERMISSIONS, value) ? (value as Permission) : undefined;
}

/** Where requirePageUser() sends a signed-in user whose role may not see a page. */
export default async function NotAllowedPage({ searchParams }: Props) {
  const params = await searchParams;
  const from = safeNextPath(params.from, "");
  const user = await getSessionUser();
  if (!user) redirect(loginUrlFor(from || "/"));
  const permission = asPermission(params.permission);
  const t = await getTranslations();
  const roleName = (role: string) => t(`glossary.roles.${role as (typeof user)["role"]}`);

  return (
    <main className="flex min-h-screen items-center justify-center bg-bg px-4 py-10">
      <section
        aria-labelledby="not-allowed-title"
        className="w-full max-w-md rounded-lg border border-border bg-surface p-6 shadow-sm"
      >
        <div className="mb-3 flex items-center gap-2 text-fg">
          <ShieldX aria-hidden className="h-6 w-6 text-red-700 dark:text-red-400" />
          <h1 id="not-allowed-title" className="text-xl font-semibold">
            {t("auth.notAllowed.heading")}
          </h1>
        </div>
        <p className="text-sm text-fg">
          {permission
            ? t("auth.notAllowed.needs", {
                action: t(`auth.permissions.${permission}`),
                roles: rolesFor(permission).map(roleName).join(", "),
              })
            : t("auth.notAllowed.generic")}
        </p>
        {from ? <p className="mt-1 break-all font-mono text-xs text-fg-muted">{from}</p> : null}
        <p className="mt-2 text-sm text-fg-muted">
          {t("auth.notAllowed.signedInAs", { email: user.email, role: roleName(user.role) })}
        </p>
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <Link
            href="/"
            className="inline-flex h-9 items-center rounded-md bg-brand-700 px-3.5 text-sm font-medium text-white hover:bg-brand-600 dark:bg-brand-500 dark:text-gray-950"
          >
            {t("auth.notAllowed.goHome")}
          </Link>
          <SignOutButton />
        </div>
      </section>
    </main>
  );
}
