import type { Metadata } from "next";
import { RegisterTransfer } from "@/components/register/register-transfer";
import { Card } from "@/components/ui/card";
import { requirePageUser } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "New transfer" };

/** Register a transfer by hand (operators and admins; others get the not-allowed page). */
export default async function NewPaymentPage() {
  await requirePageUser("register", "/payments/new");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">New transfer</h1>
        <p className="text-sm text-fg-muted">
          Register a Pix transfer by key or by bank account. You review every value before anything is sent.
        </p>
      </div>
      <Card>
        <div className="p-5">
          <RegisterTransfer />
        </div>
      </Card>
    </div>
  );
}
