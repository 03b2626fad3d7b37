import { ShieldX } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { rolesFor, type Permission, type Role } from "@/lib/auth/roles";

/**
 * "You don't have access to this page": who is signed in, with which role, and (when known) the
 * roles the page needs. Shown by a refused page itself (its answer is a 403: app/(dashboard)/forbidden.tsx)
 * and by /login/not-allowed.
 */
export async function NotAllowedCard({ user, permission, from }: { user: { email: string; role: Role }; permission?: Permission; from?: string }) {
  const t = await getTranslations();
  const roleName = (role: Role) => t(`glossary.roles.${role}`);
  return (
    <section aria-labelledby="not-allowed-title" className="mx-auto w-full max-w-md rounded-lg border border-border bg-surface p-6 shadow-sm">
      <div className="mb-3 flex items-center gap-2 text-fg">
        <ShieldX aria-hidden className="h-6 w-6 text-red-700 dark:text-red-400" />
        <h1 id="not-allowed-title" className="text-xl font-semibold">
          {t("auth.notAllowed.heading")}
        </h1>
      </div>
      <p className="text-sm text-fg">
        {permission
          ? t("auth.notAllowed.needs", { action: t(`auth.permissions.${permission}`), roles: rolesFor(permission).map(roleName).join(", ") })
          : t("auth.notAllowed.generic")}
      </p>
      {from ? <p className="mt-1 break-all font-mono text-xs text-fg-muted">{from}</p> : null}
      <p className="mt-2 text-sm text-fg-muted">{t("auth.notAllowed.signedInAs", { email: user.email, role: roleName(user.role) })}</p>
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
  );
}
