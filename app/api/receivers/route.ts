import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { receiverInputSchema, receiverListQuerySchema } from "@/lib/receivers/schema";
import { createReceiver, listReceivers } from "@/lib/receivers/service";
import { receiverAnswer, receiverListAnswer } from "@/lib/receivers/answers";

export const GET = route(
  {
    name: "GET /api/receivers",
    summary: "The saved receivers (\"favorecidos\"), by nickname; ?q= matches nickname, name or CPF/CNPJ, accents and case aside",
    answers: { 200: receiverListAnswer },
    permission: "viewTransfers", query: receiverListQuerySchema,
  },
  async ({ query }) => jsonOk({ receivers: await listReceivers(await getDb(), { q: query.q, limit: query.limit }) }),
);

export const POST = route(
  {
    name: "POST /api/receivers",
    summary: "Save a receiver, checked with the transfer's own rules (audited)",
    answers: { 201: receiverAnswer },
    permission: "register", body: receiverInputSchema,
  },
  async ({ actor, body }) => jsonOk({ receiver: await createReceiver(await getDb(), body, actor) }, 201),
);
