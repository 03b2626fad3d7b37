import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonOk, route } from "@/lib/http";
import { getApprovalPolicy } from "@/lib/transfers/server/policy-store";
import { transferListQuerySchema } from "@/lib/transfers/query";
import { getTransferQueue } from "@/lib/transfers/server/runtime";
import { createTransfer } from "@/lib/transfers/server/create";
import { transferInputSchema } from "@/lib/transfers/input";
import { listTransfers, transferView } from "@/lib/transfers/server/store";
import { createdTransferAnswer, transferListAnswer } from "@/lib/transfers/answers";

export const POST = route(
  {
    name: "POST /api/transfers",
    summary: "A transfer request, or a scheduled one or a recurring series (sent by the queue on its day, after the approvals the policy asks for)",
    answers: { 200: createdTransferAnswer, 201: createdTransferAnswer },
    permission: "register", body: transferInputSchema,
  },
  async ({ actor, body }) => {
    const db = await getDb();
    const env = getEnv();
    const policy = await getApprovalPolicy(db, env.approvalExpiryHours);
    const { transfer, created, series } = await createTransfer(db, await getTransferQueue(), {
      transfer: body.transfer,
      maker: actor,
      policy,
      sendTime: env.transfers.scheduleSendTime,
      payable: body,
    });
    // A new request is answered as written (a repeat is read again: it may have been decided since).
    const view = (row: typeof transfer) => transferView(db, row, { justMade: created });
    const occurrences = series ? await Promise.all(series.map(view)) : undefined;
    return jsonOk({ transfer: await view(transfer), ...(occurrences ? { series: occurrences } : {}) }, created ? 201 : 200);
  },
);

export const GET = route(
  {
    name: "GET /api/transfers",
    summary: "Transfer requests, newest first, with the count and sum of what the filters match",
    answers: { 200: transferListAnswer },
    permission: "viewTransfers", query: transferListQuerySchema,
  },
  async ({ user, query }) =>
    jsonOk(
      await listTransfers(await getDb(), {
        state: query.state,
        page: query.page,
        cursor: query.cursor,
        batchId: query.batch,
        seriesId: query.series,
        inboxOf: query.scope === "inbox" ? user.id : undefined,
        attention: query.attention,
        maker: query.maker,
        receiver: query.receiver,
        costCentre: query.cost_centre,
        minCents: query.min_cents,
        maxCents: query.max_cents,
        createdFrom: query.created_from,
        createdTo: query.created_to,
        updatedSince: query.updated_since ? new Date(query.updated_since) : undefined,
        pageSize: query.limit,
      }),
    ),
);
