import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { planFor } from "./lifecycle";
import { startSandbox, type RunningSandbox, type SandboxOptions } from "./server";
import { paymentsWithId, requestToken, sandboxClient } from "./testing";

const dir = mkdtempSync(join(tmpdir(), "sandbox-store-"));
const olderDir = mkdtempSync(join(tmpdir(), "sandbox-store-older-"));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(olderDir, { recursive: true, force: true });
});

let clock = new Date("2026-11-21T15:00:00.000Z");
const options = (): SandboxOptions => ({
  port: 0,
  store: { dir },
  seedCount: 300,
  quiet: true,
  autoClock: false,
  now: () => clock,
});
async function withSandbox<T>(run: (sb: RunningSandbox, api: ReturnType<typeof sandboxClient>) => Promise<T>): Promise<T> {
  const sb = await startSandbox(options());
  try {
    return await run(sb, sandboxClient(sb.url, await requestToken(sb.url)));
  } finally {
    await sb.close();
  }
}
function idWithPlan(plan: ReturnType<typeof planFor>, prefix: string): string {
  for (let i = 0; ; i++) if (planFor(`${prefix}-${i}`) === plan) return `${prefix}-${i}`;
}

const flying = idWithPlan("complete", "persist");
const body = { idempotent_id: flying, value_cents: 9_900, authorized: true, pix_key_type: "email", pix_key: "p@q.com.br" };

// Opening PGlite (WebAssembly PostgreSQL) takes seconds, creating a new store more: generous limits.
const SLOW = 90_000;

describe("PGlite store across restarts", () => {
  let firstPage: unknown;
  let reference = "";
  let charge = "";
  let paidSeeded = "";

  it("first run: registers, moves one step, registers a webhook", { timeout: SLOW }, async () => {
    await withSandbox(async (sb, api) => {
      expect(sb.state().store).toBe("pglite");
      firstPage = (await api.get("/v1/pix/payments?page=2")).body;
      reference = (await api.post("/v1/pix/payments", body)).body.payment.reference_code;
      expect((await api.post("/v1/pix/payments", { ...body, idempotent_id: "persist-pending", authorized: false })).status).toBe(201);
      expect(await sb.advance(10_000)).toBe(1);
      expect((await api.post("/v1/webhooks/2", { url: "https://hooks.example.com/pix", authorization: "abc" })).status).toBe(201);
      charge = (await api.post("/v1/pix/qrcodes", { value_cents: 1_500, expiration_time: 3 * 86_400 })).body.qrcode.reference_code;
      const awaiting: { reference_code: string }[] = (await api.get("/v1/pix/qrcodes?status=awaiting_payment")).body.qrcodes;
      paidSeeded = awaiting.find((q) => q.reference_code !== charge)!.reference_code;
      expect((await api.post(`/v1/pix/qrcodes/${paidSeeded}/pay`, {})).status).toBe(200);
    });
  });

  it("second run, a day later: same seeded history, registrations and state kept, lifecycle resumes", { timeout: SLOW }, async () => {
    clock = new Date("2026-11-22T15:00:00.000Z");
    await withSandbox(async (sb, api) => {
      expect(sb.anchor.toISOString()).toBe("2026-11-21T15:00:00.000Z");
      // The list now starts with the two registrations; the seeded rows after them are unchanged.
      const page2 = (await api.get("/v1/pix/payments?page=2")).body;
      expect(page2.meta.total_items_amount).toBe((firstPage as { meta: { total_items_amount: number } }).meta.total_items_amount + 2);
      const p = (await api.get(`/v1/pix/payments/${flying}/idempotent_id`)).body.payment;
      expect(p).toMatchObject({ status: "sent", reference_code: reference });
      expect(p.end_to_end).toBeTruthy();
      expect((await api.get("/v1/pix/payments/persist-pending/idempotent_id")).body.payment.status).toBe("authorization_pending");
      expect(sb.state().webhooks).toEqual([{ type_id: 2, url: "https://hooks.example.com/pix" }]);
      expect((await api.get(`/v1/pix/qrcodes/${charge}`)).body.qrcode).toMatchObject({ status: "awaiting_payment", value_cents: 1_500 });
      expect((await api.get(`/v1/pix/qrcodes/${paidSeeded}`)).body.qrcode.status).toBe("paid");
      expect((await sb.core.store.statusChanges(flying)).map((c) => c.status)).toEqual(["sent"]);
      const again = await api.post("/v1/pix/payments", body);
      expect([again.status, again.body.payment.reference_code]).toEqual([201, reference]);
      // The balance is per run: this run has not drawn on it.
      expect(sb.state().balance.availableCents).toBe(100_000_000);
      await sb.settle();
      expect((await api.get(`/v1/pix/payments/${flying}/idempotent_id`)).body.payment.status).toBe("completed");
    });
  });

  it("refuses a second sandbox on the same directory while one runs", { timeout: SLOW }, async () => {
    await withSandbox(async () => {
      await expect(startSandbox(options())).rejects.toThrow(/already open/);
    });
  });

  it("third run: the completion was stored; reset forgets registrations for good", { timeout: SLOW }, async () => {
    await withSandbox(async (sb, api) => {
      expect((await api.get(`/v1/pix/payments/${flying}/idempotent_id`)).body.payment.status).toBe("completed");
      expect((await sb.core.store.statusChanges(flying)).map((c) => c.status)).toEqual(["sent", "completed"]);
      expect(await sb.reset()).toBe(2);
    });
    await withSandbox(async (sb, api) => {
      expect(sb.state().payments.registered).toBe(0);
      expect((await api.get(`/v1/pix/payments/${flying}/idempotent_id`)).status).toBe(406);
      expect((await api.get("/v1/pix/payments?page=2")).body).toEqual(firstPage);
      expect((await api.get(`/v1/pix/qrcodes/${charge}`)).status).toBe(406);
      expect((await api.get(`/v1/pix/qrcodes/${paidSeeded}`)).body.qrcode.status).toBe("awaiting_payment");
    });
  });
});

describe('PGlite store: a store written before payments were kept by reference code, and duplicates "allow"', () => {
  it("carries an older store's payments over, then keeps both payments of a repeated id across a restart", { timeout: SLOW }, async () => {
    // The layout of stores made when payments were keyed by idempotent_id.
    const older = new PGlite(olderDir);
    const stored = {
      seq: 900_000, origin: "api", reference_code: "olderref0001", idempotent_id: "older-1", value_cents: 4_321,
      pix_key_type: "email", pix_key: "old@example.com", receiver_name: "Cliente Antigo", receiver_document: "39053344705",
      receiver_bank_ispb: null, receiver_bank_name: null, receiver_agency: null, receiver_account: null, receiver_account_type: null,
      status: "authorization_pending", registeredAt: Date.parse("2026-11-20T12:00:00.000Z"), paidAt: null, canceledAt: null,
      cancellation_reason: null, end_to_end: null, plan: "complete", nextStepAt: null,
    };
    try {
      await older.exec(`create table sandbox_payments (idempotent_id text primary key, seq integer not null, data jsonb not null, updated_at timestamptz not null default now());
        create table sandbox_status_changes (id bigserial primary key, idempotent_id text not null, status text not null, at timestamptz not null);`);
      await older.query("insert into sandbox_payments (idempotent_id, seq, data) values ($1, $2, $3)", ["older-1", stored.seq, JSON.stringify(stored)]);
    } finally {
      await older.close();
    }
    const run = async (check: (sb: RunningSandbox, api: ReturnType<typeof sandboxClient>) => Promise<void>) => {
      const sb = await startSandbox({ ...options(), store: { dir: olderDir }, duplicates: "allow" });
      try {
        await check(sb, sandboxClient(sb.url, await requestToken(sb.url)));
      } finally {
        await sb.close();
      }
    };
    await run(async (sb, api) => {
      expect((await api.get("/v1/pix/payments/older-1/idempotent_id")).body.payment).toMatchObject({ reference_code: "olderref0001", value_cents: 4_321 });
      const again = await api.post("/v1/pix/payments", { ...body, idempotent_id: "older-1" });
      expect(again.status).toBe(201);
      expect(again.body.payment.reference_code).not.toBe("olderref0001");
    });
    await run(async (sb, api) => {
      expect((await paymentsWithId(sb.url, "older-1")).map((p) => p.value_cents)).toEqual([4_321, 9_900]);
      expect((await api.get("/v1/pix/payments/older-1/idempotent_id")).body.payment.reference_code).toBe("olderref0001");
      await sb.settle();
      expect((await paymentsWithId(sb.url, "older-1")).map((p) => p.status)).toEqual(["authorization_pending", "completed"]);
    });
  });
});
