import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PendingChanges } from "@/components/admin-changes/pending-changes";
import { PolicyEditor } from "@/components/approvals/policy-editor";
import { Card } from "@/components/ui/card";
import { requirePageUser } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("approvals.policy"))("title") };
}

/** The approval policy (admins). */
export default async function ApprovalSettingsPage() {
  const user = await requirePageUser("policy", "/settings/approvals");
  const t = await getTranslations("approvals.policy");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <p className="text-sm text-fg-muted">{t("intro")}</p>
      </div>
      <PendingChanges kinds={["approval_policy"]} currentUserId={user.id} />
      <Card className="p-5">
        <PolicyEditor />
      </Card>
    </div>
  );
}
