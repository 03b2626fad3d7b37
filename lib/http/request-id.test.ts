import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit, recordAudit } from "@/lib/db/audit";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { getBalance } from "@/lib/payments-api";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { jsonOk } from "./errors";
import { withRoute } from "./with-route";

/**
 * One id follows a request: the load balancer's x-request-id (or ours) is on the answer, on the
 * call to the provider and on the audit row, so support can join the three.
 */
let sandbox: TestSandbox;
const seen: Array<{ path: string; requestId: string | undefined }> = [];
beforeAll(async () => {
  sandbox = await startTestSandbox();
  sandbox.sandbox.onRequest((req) => seen.push({ path: new URL(req.url ?? "/", sandbox.sandbox.url).pathname, requestId: req.headers["x-request-id"] as string | undefined }));
});
afterAll(() => sandbox.close());

describe.each(TEST_ENGINES)("the request id on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(() => store?.close());

  it("reaches the provider call (x-request-id) and the audit row (request_id)", async () => {
    seen.length = 0;
    sandbox.resetClient();
    const handler = withRoute("GET /api/balance", async () => {
      await getBalance();
      await recordAudit({ actor: { id: "u-op", email: "operator@demo.test" }, action: "payment.register", target: "trace-1", outcome: "success" }, store.db);
      return jsonOk({ ok: true });
    });
    const res = await handler(new Request("http://localhost:3000/api/balance", { headers: { "x-request-id": "lb-trace-000042" } }), undefined);
    expect(res.headers.get("x-request-id")).toBe("lb-trace-000042");
    expect(seen.map((s) => [s.path, s.requestId])).toEqual([
      ["/auth/generate_token", "lb-trace-000042"],
      ["/v1/account/balance", "lb-trace-000042"],
    ]);
    const [row] = (await listAudit({}, store.db)).entries;
    expect(row).toMatchObject({ target: "trace-1", requestId: "lb-trace-000042" });
  });

  it("outside a request (the CLI, a queue job) the audit row has no request id", async () => {
    await recordAudit({ actor: null, action: "user.create", target: "cli@example.com", outcome: "success" }, store.db);
    const [row] = (await listAudit({}, store.db)).entries;
    expect(row).toMatchObject({ target: "cli@example.com", requestId: null });
  });
});
