import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { NotAllowedCard } from "@/components/auth/not-allowed-card";
import { getSessionUser } from "@/lib/auth/guard";
import { PERMISSIONS, type Permission } from "@/lib/auth/roles";
import { loginUrlFor, safeNextPath } from "@/lib/auth/safe-next";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.notAllowed");
  return { title: t("title"), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function asPermission(value: unknown): Permission | undefined {
  return typeof value === "string" && Object.hasOwn(PERMISSIONS, value) ? (value as Permission) : undefined;
}

/** The not-allowed card at an address of its own (older links); a refused page answers 403 with the same card itself. */
export default async function NotAllowedPage({ searchParams }: Props) {
  const params = await searchParams;
  const from = safeNextPath(params.from, "");
  const user = await getSessionUser();
  if (!user) redirect(loginUrlFor(from || "/"));
  const permission = asPermission(params.permission);
  return (
    <main className="flex min-h-screen items-center justify-center bg-bg px-4 py-10">
      <NotAllowedCard user={user} permission={permission} from={from || undefined} />
    </main>
  );
}
