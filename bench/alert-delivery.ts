/**
 * What alerts and e-mails cost the request that causes them. A person's request (here the
 * service call behind POST /api/transfers: a R$ 2.500,00 request that waits for approval, so two
 * approvers are e-mailed) only commits its rows and a pg_notify; hearing it, deciding the e-mails
 * and sending them over SMTP happen after the commit, in the alert queue. Measured on the
 * embedded store (one PGlite connection shared with the queue: the worst case), three ways:
 *   off   - nothing listens to transfer changes;
 *   on    - the alert queue hears every change and e-mails the approvers (a local SMTP server);
 *   send  - one delivery (claim, render, SMTP, record), timed alone.
 *
 *   node --import ./bench/server-only-hook.mjs --import tsx bench/alert-delivery.ts [--n 200] [--json]
 */
import { setStoreForTests } from "@/lib/db";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { createEventBus } from "@/lib/events/bus";
import { startAlertQueue } from "@/lib/alerts/queue";
import { addPeople, startTestSmtp, testAlertWork } from "@/lib/alerts/testing";
import { DEFAULT_POLICY } from "@/lib/transfers/policy";
import { startTransferQueue } from "@/lib/transfers/server/queue";
import { createTransfer } from "@/lib/transfers/server/create";
import { TEST_QUEUE } from "@/lib/transfers/testing/harness";
import { transferOf } from "@/lib/transfers/testing/fixtures";

const args = process.argv.slice(2);
const n = Number(args[args.indexOf("--n") + 1] ?? 200) || 200;
const asJson = args.includes("--json");
Object.assign(process.env, { LOG_LEVEL: "silent" });

const store = await TEST_ENGINES[0]!.open();
setStoreForTests(store);
const engine = await startTransferQueue(store, { ...TEST_QUEUE, pollingIntervalSeconds: 0.5 }, { work: false });
const bus = await createEventBus({ db: store.db, pglite: store.pglite });
const smtp = await startTestSmtp();
const maker = { id: "bench-maker", email: "maker@bench.example", role: "operator" as const };
await addPeople(store.db, [maker, { id: "bench-a1", email: "a1@bench.example", role: "approver" }, { id: "bench-a2", email: "a2@bench.example", role: "approver" }]);

let serial = 0;
async function requests(count: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await createTransfer(store.db, null, {
      transfer: transferOf(`bench-alert-${++serial}`, 250_000, { receiver_document: "39053344705" }),
      maker,
      policy: { ...DEFAULT_POLICY, tiers: [{ from_cents: 0, approvals: 1 }] },
    });
    ms.push(performance.now() - started);
  }
  return ms;
}

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median_ms: +at(0.5).toFixed(2), p95_ms: +at(0.95).toFixed(2) };
};

await requests(20); // warm-up: PGlite's first queries, the translator
const off = stats(await requests(n));

const work = testAlertWork(store.db, { smtp });
const alerts = await startAlertQueue(engine.boss, { cron: null, pollingIntervalSeconds: 0.5, work });
bus.subscribeTransfers((change) => void alerts.noteChange(change));
const mailsBefore = smtp.received.length;
const started = performance.now();
const on = stats(await requests(n));
const requestsDone = performance.now() - started;
await smtp.waitFor(mailsBefore + 2 * n);
const allDelivered = performance.now() - started;

// One delivery alone: a fresh request's two e-mails, decided and sent by hand.
const sendMs: number[] = [];
for (let i = 0; i < 20; i++) {
  const { transfer: created } = await createTransfer(store.db, null, {
    transfer: transferOf(`bench-send-${i}`, 250_000),
    maker,
    policy: { ...DEFAULT_POLICY, tiers: [{ from_cents: 0, approvals: 1 }] },
  });
  const ids = await work.subject({ kind: "transfer", id: created.id });
  for (const id of ids) {
    const t0 = performance.now();
    await work.deliver(id);
    sendMs.push(performance.now() - t0);
  }
}
const send = stats(sendMs);

const result = { n, request_path: { alerts_off: off, alerts_on: on }, delivery_alone: send, emails: 2 * n, seconds_until_all_emails_sent: +(allDelivered / 1000).toFixed(2), seconds_of_requests: +(requestsDone / 1000).toFixed(2) };
if (asJson) console.log(JSON.stringify(result));
else {
  console.log(`request path (createTransfer, awaiting approval), ${n} each, median / p95:`);
  console.log(`  alerts off: ${off.median_ms} / ${off.p95_ms} ms`);
  console.log(`  alerts on:  ${on.median_ms} / ${on.p95_ms} ms   (${2 * n} e-mails sent by the queue meanwhile; all sent ${result.seconds_until_all_emails_sent} s after the first request, requests took ${result.seconds_of_requests} s)`);
  console.log(`one delivery alone (claim, render, SMTP to localhost, record): ${send.median_ms} / ${send.p95_ms} ms`);
}
await bus.close();
await engine.stop();
await smtp.close();
await store.close();
process.exit(0);
