import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { transferParamsSchema } from "@/lib/transfers/query";
import { stopSeries } from "@/lib/transfers/server/service";
import { seriesStoppedAnswer } from "@/lib/transfers/answers";

export const POST = route(
  {
    name: "POST /api/transfers/series/[id]/stop",
    summary: "The maker stops a recurring series; every occurrence not sent yet is canceled",
    answers: { 200: seriesStoppedAnswer },
    permission: "register", params: transferParamsSchema,
  },
  async ({ actor, params }) => jsonOk({ canceled: await stopSeries(await getDb(), params.id, actor) }),
);
