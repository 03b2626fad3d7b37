import { registerTransferSchema } from "@/lib/contract";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonOk, route } from "@/lib/http";
import { getApprovalPolicy } from "@/lib/transfers/policy-store";
import { transferListQuerySchema } from "@/lib/transfers/query";
import { getTransferQueue } from "@/lib/transfers/runtime";
import { createTransfer } from "@/lib/transfers/service";
import { listTransfers, toTransfer } from "@/lib/transfers/store";

// POST /api/transfers: a transfer request (sent by the queue, after the approvals the policy asks for)
export const POST = route(
  { name: "POST /api/transfers", permission: "register", body: registerTransferSchema },
  async ({ actor, body }) => {
    const db = await getDb();
    const policy = await getApprovalPolicy(db, getEnv().approvalExpiryHours);
    const { transfer, created } = await createTransfer(db, await getTransferQueue(), {
      transfer: body,
      maker: actor,
      policy,
    });
    return jsonOk({ transfer: toTransfer(transfer) }, created ? 201 : 200);
  },
);

// GET /api/transfers: transfer requests, newest first (?state=a,b&scope=inbox&attention=true&page=)
export const GET = route(
  { name: "GET /api/transfers", permission: "viewTransfers", query: transferListQuerySchema },
  async ({ user, query }) =>
    jsonOk(
      await listTransfers(await getDb(), {
        state: query.state,
        page: query.page,
        batchId: query.batch,
        inboxOf: query.scope === "inbox" ? user.id : undefined,
        attention: query.attention,
      }),
    ),
);
