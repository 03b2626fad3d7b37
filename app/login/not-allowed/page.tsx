import type { Metadata } from "next";
import { ShieldX } from "lucide-react";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { getSessionUser } from "@/lib/auth/guard";
import { PERMISSION_LABELS, PERMISSIONS, ROLE_LABELS, type Permission } from "@/lib/auth/roles";
import { loginUrlFor, safeNextPath } from "@/lib/auth/safe-next";

export const metadata: Metadata = { title: "Not allowed", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function asPermission(value: unknown): Permission | undefined {
  return typeof value === "string" && value in PERMISSIONS ? (value as Permission) : undefined;
}

/** Where requirePageUser() sends a signed-in user whose role may not see a page. */
export default async function NotAllowedPage({ searchParams }: Props) {
  const params = await searchParams;
  const from = safeNextPath(params.from, "");
  const user = await getSessionUser();
  if (!user) redirect(loginUrlFor(from || "/"));
  const permission = asPermission(params.permission);
  const needed = permission ? PERMISSIONS[permission] : undefined;

  return (
    <main className="flex min-h-screen items-center justify-center bg-bg px-4 py-10">
      <section
        aria-labelledby="not-allowed-title"
        className="w-full max-w-md rounded-lg border border-border bg-surface p-6 shadow-sm"
      >
        <div className="mb-3 flex items-center gap-2 text-fg">
          <ShieldX aria-hidden className="h-6 w-6 text-red-700 dark:text-red-400" />
          <h1 id="not-allowed-title" className="text-xl font-semibold">
            You don&apos;t have access to this page
          </h1>
        </div>
        <p className="text-sm text-fg">
          {permission && needed ? (
            <>
              To {PERMISSION_LABELS[permission]}
              {from ? (
                <>
                  {" "}(<span className="font-mono">{from}</span>)
                </>
              ) : null}{" "}
              you need the <strong>{ROLE_LABELS[needed]}</strong> role or higher.
            </>
          ) : (
            <>Your role does not include this page.</>
          )}
        </p>
        <p className="mt-2 text-sm text-fg-muted">
          You are signed in as <span className="font-medium text-fg">{user.email}</span> with the role{" "}
          <strong className="text-fg">{ROLE_LABELS[user.role]}</strong>. Ask an administrator if you need more access.
        </p>
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <Link
            href="/"
            className="inline-flex h-9 items-center rounded-md bg-brand-700 px-3.5 text-sm font-medium text-white hover:bg-brand-600 dark:bg-brand-500 dark:text-gray-950"
          >
            Go to the overview
          </Link>
          <SignOutButton />
        </div>
      </section>
    </main>
  );
}
