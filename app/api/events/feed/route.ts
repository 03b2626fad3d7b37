import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { readFeed } from "@/lib/erp/feed";
import { feedAnswer, feedQuerySchema } from "@/lib/erp/feed-schema";

export const GET = route(
  {
    name: "GET /api/events/feed",
    summary: "The change feed of transfers, batches and charges in commit order, resumable from next_cursor without gaps or repeats",
    answers: { 200: feedAnswer },
    permission: "viewTransfers", query: feedQuerySchema,
  },
  async ({ query }) => jsonOk(await readFeed(await getDb(), query)),
);
