import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { attentionCount } from "@/lib/transfers/store";

// GET /api/transfers/attention: how many transfer requests need a person now (the header's count)
export const GET = route({ name: "GET /api/transfers/attention", permission: "handleAttention" }, async () =>
  jsonOk({ count: await attentionCount(await getDb()) }),
);
