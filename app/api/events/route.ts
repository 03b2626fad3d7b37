import { can } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { getEventBus, getFeedTail } from "@/lib/events/runtime";
import { createEventStream, lastEventIdOf, sinceOf, SSE_HEADERS } from "@/lib/events/sse";
import { route } from "@/lib/http";
import { fileAnswer } from "@/lib/http/answers";

// A stream may stay open for this long; the browser then reconnects (and is checked again).
const MAX_STREAM_MS = 10 * 60_000;

export const GET = route(
  {
    name: "GET /api/events",
    summary: "Server-Sent Events of payment, transfer, batch and charge changes (catch-up from Last-Event-ID)",
    answers: { 200: fileAnswer("text/event-stream", "Server-Sent Events: payment, transfer and alert changes; `change` carries the change feed's events (same ids), resumed by Last-Event-ID `<webhook id>-<feed id>`") },
    permission: "viewPayments",
  },
  async ({ request, user }) => {
  const canSeeTransfers = can(user.role, "viewTransfers");
  const [db, bus, feed] = await Promise.all([getDb(), getEventBus(), canSeeTransfers ? getFeedTail() : null]);
  const stream = createEventStream({
    bus,
    db,
    lastEventId: lastEventIdOf(request),
    since: sinceOf(request),
    canSeeLog: can(user.role, "events"),
    canSeeTransfers,
    feed,
    alertsFor: can(user.role, "alerts") ? { userId: user.id, all: can(user.role, "allAlerts") } : null,
    signal: request.signal,
    maxDurationMs: MAX_STREAM_MS,
  });
  return new Response(stream, { status: 200, headers: SSE_HEADERS });
});
