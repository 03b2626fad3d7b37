import { connect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "./server";
import { DOC_SHAPES, docShapeProblems, requestToken, sandboxClient, type SandboxClient } from "./testing";

let sb: RunningSandbox;
let api: SandboxClient;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, store: "memory", seedCount: 200, quiet: true, autoClock: false });
  api = sandboxClient(sb.url, await requestToken(sb.url));
});
afterAll(() => sb.close());

const FIELDS = [
  "idempotent_id", "value_cents", "initiation_type", "authorized", "receiver_name", "receiver_document",
  "receiver_bank_ispb", "receiver_agency", "receiver_account", "receiver_account_type", "pix_key_type", "pix_key",
];
const plausible = fc.oneof(
  fc.constantFrom("dict", "manual", "email", "cpf", "cnpj", "phone", "token", "CACC", "SVGS", "52998224725", "11222333000181", "a@b.com.br", "+5511912345678"),
  fc.integer({ min: -5, max: 200_000_000 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 300 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);
const body = fc.dictionary(fc.constantFrom(...FIELDS, "__proto__", "constructor", "extra"), plausible, { maxKeys: 12 });

describe("fuzz over HTTP: the sandbox answers 4xx {error} and never breaks", () => {
  it("registration bodies", async () => {
    const accepted = new Set<string>();
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await api.post("/v1/pix/payments", b);
        if (res.status === 201) {
          expect(docShapeProblems(res.body, DOC_SHAPES.registration)).toEqual([]);
          accepted.add(res.body.payment.idempotent_id);
        } else {
          expect([400, 403, 422]).toContain(res.status);
          expect(typeof res.body.error).toBe("string");
        }
        expect(sb.state().payments.registered).toBe(accepted.size);
      }),
      { numRuns: 250 },
    );
  });

  it("raw bodies and content types", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 200 }), fc.json(), fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a).toString("latin1"))),
        fc.constantFrom("application/json", "text/plain", "application/json; charset=latin1", "", "application/vnd.x+json"),
        async (text, type) => {
          const res = await api.raw("/v1/pix/payments", { method: "POST", body: text, headers: type ? { "content-type": type } : {} });
          expect(res.status === 201 || (res.status >= 400 && res.status < 500)).toBe(true);
          if (res.status !== 201) expect(typeof res.body.error).toBe("string");
        },
      ),
      { numRuns: 150 },
    );
  });

  it("paths and query strings", async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 40 }).map(encodeURIComponent),
      fc.constantFrom("v1", "pix", "payments", "qrcodes", "end_to_end", "idempotent_id", "webhooks", "%", "%zz", "..", "", "_control"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { maxLength: 6 }),
        fc.dictionary(fc.constantFrom("page", "status", "receiver_name", "registration_start_date", "registration_end_date", "payment_end_date", "end_to_end"), fc.string({ maxLength: 30 })),
        fc.constantFrom("GET", "POST", "DELETE", "PATCH"),
        async (segments, query, method) => {
          if (segments[0] === "_control") segments[0] = "x"; // control calls change state on purpose
          const path = `/${segments.join("/")}?${new URLSearchParams(query)}`;
          const res = await api.raw(path, { method, ...(method === "POST" ? { body: "{}", headers: { "content-type": "application/json" } } : {}) });
          expect(res.status).toBeLessThan(500);
          expect(typeof res.body?.error === "string" || res.status === 200 || res.status === 201).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("list parameters", async () => {
    const value = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("2026-11-18T00:00:00", "2026-02-30T00:00:00", "0", "-1", "1e3", "NaN", "%", "_"));
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom("page", "status", "receiver_name", "receiver_document", "reference_code", "end_to_end", "registration_start_date", "registration_end_date", "payment_start_date", "payment_end_date"), value),
        async (query) => {
          const res = await api.get(`/v1/pix/payments?${new URLSearchParams(query)}`);
          expect([200, 400]).toContain(res.status);
          if (res.status === 200) expect(res.body.payments.length).toBeLessThanOrEqual(100);
          else expect(typeof res.body.error).toBe("string");
        },
      ),
      { numRuns: 200 },
    );
  });

  it("garbage on the socket", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 300 }), async (bytes) => {
        await new Promise<void>((resolve) => {
          const socket = connect(sb.port, "127.0.0.1", () => socket.end(Buffer.from(bytes)));
          socket.on("error", () => resolve());
          socket.on("close", () => resolve());
          socket.resume();
          socket.setTimeout(2_000, () => socket.destroy());
        });
      }),
      { numRuns: 40 },
    );
    expect((await api.get("/v1/webhooks/types")).status).toBe(200);
  });

  it("a huge body is refused without reading it all", async () => {
    const huge = "x".repeat(5 * 1024 * 1024);
    const res = await api.raw("/v1/pix/payments", { method: "POST", body: huge, headers: { "content-type": "application/json" } }).catch((e: unknown) => e);
    if (!(res instanceof Error)) expect((res as { status: number }).status).toBe(413);
    expect((await api.get("/v1/webhooks/types")).status).toBe(200);
  });
});
