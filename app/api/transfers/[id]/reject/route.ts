import { getDb } from "@/lib/db";
import { clientIp, jsonOk, route } from "@/lib/http";
import { rejectBodySchema, transferParamsSchema } from "@/lib/transfers/query";
import { rejectTransfer } from "@/lib/transfers/service";
import { getTransfer } from "@/lib/transfers/store";

// POST /api/transfers/{id}/reject: { reason } (required, shown to the maker); nothing is ever sent
export const POST = route(
  { name: "POST /api/transfers/[id]/reject", permission: "approve", params: transferParamsSchema, body: rejectBodySchema },
  async ({ request, user, params, body }) => {
    const db = await getDb();
    await rejectTransfer(db, params.id, { id: user.id, email: user.email, ip: clientIp(request) }, body.reason);
    return jsonOk({ transfer: await getTransfer(db, params.id) });
  },
);
