import { batchContext } from "@/lib/batches/runtime";
import { jsonOk, route } from "@/lib/http";
import { decideMany } from "@/lib/transfers/server/decide-many";
import { decisionsAnswer, decisionsBodySchema } from "@/lib/transfers/decisions-body";

export const POST = route(
  {
    name: "POST /api/transfers/decisions",
    summary: "Several approvals or rejections under one step-up: each item decided and audited on its own, each result reported",
    answers: { 200: decisionsAnswer },
    permission: "approve", body: decisionsBodySchema, stepUp: true,
  },
  async ({ actor, body, t }) => {
    const { db, queue, policy, pace } = await batchContext();
    return jsonOk({ results: await decideMany(db, body.items, actor, { queue, pace, policy, t }) });
  },
);
