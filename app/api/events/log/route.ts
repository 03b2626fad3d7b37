import { requireApiUser } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { eventLogQuerySchema } from "@/lib/events/schema";
import { listEvents } from "@/lib/events/store";
import { jsonOk, queryObject, setRequestUser, validationError, withRoute } from "@/lib/http";

// GET /api/events/log: the webhook event log, newest first (filter by payment and result)
export const GET = withRoute("GET /api/events/log", async (request) => {
  const gate = await requireApiUser(request, "events");
  if ("response" in gate) return gate.response;
  setRequestUser(gate.user.id);
  const input = queryObject(request.url);
  if ("response" in input) return input.response;
  const parsed = eventLogQuerySchema.safeParse(input.query);
  if (!parsed.success) return validationError(parsed.error, 400);
  return jsonOk(await listEvents(await getDb(), parsed.data));
});
