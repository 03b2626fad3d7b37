import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { paymentWebhookSchema } from "@/lib/contract";
import { setStoreForTests } from "@/lib/db";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createEventBus, type EventBus } from "@/lib/events/bus";
import { setEventBusForTests } from "@/lib/events/runtime";
import { eventLogAnswerSchema } from "@/lib/events/schema";
import { recordAccepted, recordRejected } from "@/lib/events/store";
import { deliveryBody, sseReader, testMessage } from "@/lib/events/testing";
import { guardRefusal } from "@/lib/testing/guard-refusal";

type Role = "viewer" | "support" | "operator" | "admin";
let role: Role | null = "viewer";
vi.mock("@/lib/auth/guard", async () => {
  const { can } = await import("@/lib/auth/roles");
  return {
    requireApiUser: vi.fn(async (_req: Request, permission: Parameters<typeof can>[1]) => {
      if (!role) return { response: guardRefusal(401, "Sign in required") };
      if (!can(role, permission)) return { response: guardRefusal(403, "not allowed") };
      return { user: { id: `u-${role}`, email: `${role}@demo.test`, name: role, role } };
    }),
  };
});
process.env.LOG_LEVEL = "silent";

const { GET: stream } = await import("./route");
const { GET: log } = await import("./log/route");

let store: TestStore;
let bus: EventBus;
beforeAll(async () => {
  store = await TEST_ENGINES[0]!.open();
  setStoreForTests(store);
  bus = await createEventBus({ db: store.db });
  setEventBusForTests(bus);
  const hook = (status: string, extra = {}) => paymentWebhookSchema.parse(deliveryBody(testMessage({ status, ...extra })));
  await recordAccepted(store.db, hook("sent"));
  await recordAccepted(store.db, hook("completed", { payment_date: "2026-11-21T10:00:00.000-03:00" }));
  await recordRejected(store.db, "authorization", null);
});
afterAll(async () => {
  setEventBusForTests(undefined);
  setStoreForTests(undefined);
  await bus?.close();
  await store?.close();
});
beforeEach(() => {
  role = "viewer";
});

describe("GET /api/events", () => {
  it("streams text/event-stream that no proxy or compression buffers", async () => {
    const controller = new AbortController();
    const res = await stream(new Request("http://localhost/api/events", { signal: controller.signal }), undefined as never);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    const reader = sseReader(res.body!);
    // `<webhook event id>-<feed id>`: a viewer may read transfers, so the change feed is on the stream too (empty here).
    expect((await reader.next((f) => f.event === "ready")).id).toBe("3-0");
    controller.abort();
  });

  it("catches a viewer up from Last-Event-ID with changes only (no rejected deliveries)", async () => {
    const controller = new AbortController();
    const req = new Request("http://localhost/api/events", { headers: { "last-event-id": "0" }, signal: controller.signal });
    const reader = sseReader((await stream(req, undefined as never)).body!);
    await reader.next((f) => f.id === "2-0");
    controller.abort();
    await reader.next(() => false).catch(() => undefined);
    expect(reader.frames.filter((f) => f.event === "webhook").map((f) => f.id)).toEqual(["1-0", "2-0"]);
  });

  it("needs a session", async () => {
    role = null;
    expect((await stream(new Request("http://localhost/api/events"), undefined as never)).status).toBe(401);
  });
});

describe("GET /api/events/log", () => {
  it("lists the log for support and up, with old -> new status", async () => {
    role = "support";
    const res = await log(new Request("http://localhost/api/events/log?payment=hook-test-1"), undefined as never);
    expect(res.status).toBe(200);
    const body = eventLogAnswerSchema.parse(await res.json());
    expect(body.events.map((e) => [e.previous_status, e.status])).toEqual([
      ["sent", "completed"],
      [null, "sent"],
    ]);
    const rejected = eventLogAnswerSchema.parse(await (await log(new Request("http://localhost/api/events/log?result=rejected"), undefined as never)).json());
    expect(rejected.events.map((e) => e.reason)).toEqual(["authorization"]);
  });

  it("refuses viewers (403) and bad filters (400)", async () => {
    expect((await log(new Request("http://localhost/api/events/log"), undefined as never)).status).toBe(403);
    role = "admin";
    expect((await log(new Request("http://localhost/api/events/log?result=maybe"), undefined as never)).status).toBe(400);
    expect((await log(new Request("http://localhost/api/events/log?page=0"), undefined as never)).status).toBe(400);
  });
});
