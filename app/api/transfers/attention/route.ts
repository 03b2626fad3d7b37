import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { attentionCount } from "@/lib/transfers/server/store";
import { countAnswer } from "@/lib/domain/answer-fields";

export const GET = route(
  {
    name: "GET /api/transfers/attention",
    summary: "How many transfer requests need a person now (the header's count)",
    answers: { 200: countAnswer },
    permission: "handleAttention",
  },
  async () =>
  jsonOk({ count: await attentionCount(await getDb()) }),
);
