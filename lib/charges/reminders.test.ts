import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSmtp, type TestSmtp } from "@/lib/alerts/testing";
import { setStoreForTests } from "@/lib/db";
import { auditLog, chargeEvents, chargeReminders, charges } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { smtpSender } from "@/lib/mail/smtp";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { addBrazilDays, brazilDayKey, brazilInstant } from "@/lib/pix/time";
import { chargeInputSchema } from "./input";
import { reminderDue, sendChargeReminders } from "./reminders";
import { sendChargeEmail } from "./send";
import { createCharge, withdrawCharge } from "./service";

const MAKER = { id: "operator-1", email: "operator@test.example", ip: "203.0.113.7" };
const ISSUER = { name: "Empresa Demonstração Ltda", document: "11222333000181" };
const DAYS = 3;

/** Noon (Brazil time) of the day `n` days from the due date: the injected clock. */
const dueDay = brazilDayKey(addBrazilDays(new Date(), 10));
const at = (n: number) => brazilInstant(brazilDayKey(addBrazilDays(brazilInstant(dueDay, "12:00")!, n)), "12:00")!;

let sandbox: TestSandbox;
let smtp: TestSmtp;
beforeAll(async () => {
  sandbox = await startTestSandbox({ autoClock: false });
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
  await sandbox.close();
});

describe("reminderDue: which reminder a charge is owed on a day", () => {
  const made = (n: number) => ({ dueDate: dueDay, createdAt: at(n) });
  it("before from N days ahead until the day before, on the due date the due-day one, nothing after", () => {
    expect(reminderDue(made(-10), brazilDayKey(at(-4)), DAYS)).toBeNull();
    expect(reminderDue(made(-10), brazilDayKey(at(-3)), DAYS)).toBe("before");
    expect(reminderDue(made(-10), brazilDayKey(at(-1)), DAYS)).toBe("before");
    expect(reminderDue(made(-10), dueDay, DAYS)).toBe("due_day");
    expect(reminderDue(made(-10), brazilDayKey(at(1)), DAYS)).toBeNull();
  });
  it("not for a charge made after the reminder's day began, and never with 0 days", () => {
    expect(reminderDue(made(-2), brazilDayKey(at(-2)), DAYS)).toBeNull();
    expect(reminderDue(made(-2), dueDay, DAYS)).toBe("due_day");
    expect(reminderDue(made(0), dueDay, DAYS)).toBeNull();
    expect(reminderDue(made(-10), dueDay, 0)).toBeNull();
  });
});

describe.each(TEST_ENGINES)("charge reminders on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });

  let n = 0;
  async function makeCharge(email: string | undefined, madeAt: Date, due = dueDay) {
    const input = chargeInputSchema.parse({
      external_reference: `NF-rem-${Date.now().toString(36)}-${++n}`,
      value_cents: 48_900,
      payer_name: "Mercado São João Ltda",
      payer_document: "11.444.777/0001-61",
      ...(email ? { payer_email: email } : {}),
      due_date: due,
    });
    return (await createCharge(store.db, input, MAKER, { issuer: ISSUER, returnUrl: "http://localhost:3000/", now: () => madeAt })).charge;
  }
  const deps = (now: Date, sendMail = smtpSender(smtp.url, "Cobranças <cobranca@empresa.example>")) => ({ sendMail, issuer: ISSUER, days: DAYS, now });
  const mailTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const tick = async (now: Date) => sendChargeReminders(store.db, deps(now));

  it("e-mails N days before and on the due date, each once, with the QR code and the PDF; on the timeline and audited", async () => {
    const email = `pagador-${engine.name}-1@exemplo.com.br`;
    const charge = await makeCharge(email, at(-9));
    await tick(at(-4));
    expect(mailTo(email)).toHaveLength(0);

    await tick(at(-3));
    await tick(at(-3));
    await tick(at(-2));
    expect(mailTo(email)).toHaveLength(1);
    const before = mailTo(email)[0]!;
    expect(before.subject).toBe(`Lembrete: cobrança Pix de R$\u00a0489,00 vence em ${dueDay.split("-").reverse().join("/")}`);
    expect(before.attachments.map((a) => a.mimeType).sort()).toEqual(["application/pdf", "image/png"]);
    expect(before.text).toContain(charge.content!);

    await tick(at(0));
    await tick(at(0));
    expect(mailTo(email).map((m) => m.subject)).toEqual([before.subject, "Vence hoje: cobrança Pix de R$\u00a0489,00 (Empresa Demonstração Ltda)"]);
    await tick(at(1));
    expect(mailTo(email)).toHaveLength(2);

    const rows = await store.db.select().from(chargeReminders).where(eq(chargeReminders.chargeId, charge.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(["before", "due_day"]);
    const notes = (await store.db.select().from(chargeEvents).where(eq(chargeEvents.chargeId, charge.id))).map((e) => e.note?.key).filter(Boolean);
    expect(notes).toEqual(["charges.events.reminded.reminder", "charges.events.reminded.dueToday"]);
    const audits = await store.db.select().from(auditLog).where(and(eq(auditLog.target, charge.id), eq(auditLog.action, "charge.remind")));
    expect(audits.map((a) => a.outcome)).toEqual(["success", "success"]);
  });

  it("none for a charge without a payer e-mail, withdrawn, or made after the reminder's day began", async () => {
    const late = `pagador-${engine.name}-late@exemplo.com.br`;
    const gone = `pagador-${engine.name}-gone@exemplo.com.br`;
    const noEmail = await makeCharge(undefined, at(-9));
    await makeCharge(late, at(-2));
    const withdrawn = await makeCharge(gone, at(-9));
    await withdrawCharge(store.db, withdrawn.id, MAKER, "Pago por boleto");
    await tick(at(-2));
    expect(mailTo(late)).toHaveLength(0);
    expect(mailTo(gone)).toHaveLength(0);
    expect(await store.db.select().from(chargeReminders).where(eq(chargeReminders.chargeId, noEmail.id))).toEqual([]);
    await tick(at(0));
    expect(mailTo(late).map((m) => m.subject)).toEqual([expect.stringMatching(/^Vence hoje/)]);
    expect(mailTo(gone)).toHaveLength(0);
  });

  it("a mail server that is down sends nothing and records nothing; the next tick sends it", async () => {
    const email = `pagador-${engine.name}-down@exemplo.com.br`;
    const charge = await makeCharge(email, at(-9));
    await smtp.down();
    try {
      const result = await tick(at(-3));
      expect(result.failed).toBeGreaterThan(0);
    } finally {
      await smtp.up();
    }
    expect(await store.db.select().from(chargeReminders).where(eq(chargeReminders.chargeId, charge.id))).toEqual([]);
    await tick(at(-3));
    expect(mailTo(email)).toHaveLength(1);
  });

  it("charges owed nothing (reminded already, made late) do not take the place of one owed a reminder", async () => {
    const first = `pagador-${engine.name}-first@exemplo.com.br`;
    const next = `pagador-${engine.name}-next@exemplo.com.br`;
    await makeCharge(first, at(-9));
    await tick(at(-3));
    expect(mailTo(first)).toHaveLength(1);
    await makeCharge(`pagador-${engine.name}-late2@exemplo.com.br`, at(-2));
    // Due a day later: its reminder's day is the next one, after every charge due before it in the order.
    await makeCharge(next, at(-9), brazilDayKey(at(1)));
    await sendChargeReminders(store.db, { ...deps(at(-2)), limit: 1 });
    expect(mailTo(next).map((m) => m.subject)).toEqual([expect.stringMatching(/^Lembrete/)]);
  });

  it("two instances on one tick send one reminder", async () => {
    const email = `pagador-${engine.name}-twice@exemplo.com.br`;
    await makeCharge(email, at(-9));
    await Promise.all([tick(at(-3)), tick(at(-3))]);
    expect(mailTo(email)).toHaveLength(1);
  });

  it("is written in the language the charge was last sent in", async () => {
    const email = `payer-${engine.name}-en@example.com`;
    const charge = await makeCharge(email, at(-9));
    await sendChargeEmail(store.db, charge.id, MAKER, { sendMail: deps(at(-9)).sendMail, issuer: ISSUER, locale: "en" });
    await tick(at(-3));
    expect(mailTo(email).map((m) => m.subject)).toEqual([expect.stringMatching(/^Pix charge from/), expect.stringMatching(/^Reminder: Pix charge of R\$/)]);
    const row = (await store.db.select().from(charges).where(eq(charges.id, charge.id)))[0]!;
    expect(row.payerLocale).toBe("en");
  });
});
