import { getDb } from "@/lib/db";
import { eventLogQuerySchema } from "@/lib/events/schema";
import { listEvents } from "@/lib/events/store";
import { jsonOk, route } from "@/lib/http";
import { eventLogAnswerSchema } from "@/lib/events/schema";

export const GET = route(
  {
    name: "GET /api/events/log",
    summary: "The webhook event log, newest first (filter by payment or QR code, result and kind)",
    answers: { 200: eventLogAnswerSchema },
    permission: "events", query: eventLogQuerySchema,
  },
  async ({ query }) =>
  jsonOk(await listEvents(await getDb(), query)),
);
