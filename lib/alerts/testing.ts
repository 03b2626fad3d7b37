import "server-only";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import type { Role } from "@/lib/auth/roles";
import type { Db } from "@/lib/db";
import { authUser } from "@/lib/db/schema";
import { smtpSender } from "@/lib/mail/smtp";
import type { Channels } from "./raise";
import { webhookPoster } from "./webhook";
import { alertWork, type AlertWork } from "./work";

/**
 * Test support: a real SMTP server (smtp-server) that can go down and come back on its port, an
 * HTTP receiver for the alert webhook, people in the store, and the alert work wired to both.
 */
export type ReceivedAttachment = { filename: string | null; mimeType: string; disposition: string | null; contentId: string | null; content: Uint8Array };
export type ReceivedMail = { to: string[]; subject: string; text: string; html: string; attachments: ReceivedAttachment[] };

export type TestSmtp = {
  url: string;
  received: ReceivedMail[];
  /** Resolves once `n` messages have arrived. */
  waitFor(n: number): Promise<ReceivedMail[]>;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters: Array<{ n: number; resolve: (m: ReceivedMail[]) => void }> = [];
  const make = () =>
    new SMTPServer({
      authOptional: true,
      // No reverse DNS of the client (127.0.0.1): it only adds a lookup to every message.
      disableReverseLookup: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          void PostalMime.parse(Buffer.concat(chunks)).then((parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: parsed.html ?? "",
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename,
                mimeType: a.mimeType,
                disposition: a.disposition,
                contentId: a.contentId ?? null,
                content: typeof a.content === "string" ? new TextEncoder().encode(a.content) : new Uint8Array(a.content),
              })),
            });
            for (const w of waiters.filter((x) => received.length >= x.n)) w.resolve([...received]);
            callback();
          });
        });
      },
    });
  let server = make();
  const listen = (port: number) => new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  await listen(0);
  const port = (server.server.address() as AddressInfo).port;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor: (n) => (received.length >= n ? Promise.resolve([...received]) : new Promise((resolve) => waiters.push({ n, resolve }))),
    down: close,
    async up() {
      server = make();
      await listen(port);
    },
    close,
  };
}

export type Posted = { headers: IncomingHttpHeaders; body: string };

export type TestReceiver = { url: string; posts: Posted[]; status: number; close(): Promise<void> };

/** Records every POST; answers `status` (200 unless a test changes it). */
export async function startTestReceiver(): Promise<TestReceiver> {
  const state: TestReceiver = { url: "", posts: [], status: 200, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      state.posts.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/alerts`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

export type TestPerson = { id: string; email: string; role: Role; locale?: "pt-BR" | "en" | null };

/** People as the users CLI would make them (no password: these tests never sign in). */
export async function addPeople(db: Db, people: readonly TestPerson[]): Promise<void> {
  await db.insert(authUser).values(people.map((p) => ({ id: p.id, name: p.email, email: p.email, role: p.role, locale: p.locale ?? null })));
}

export const WEBHOOK_SECRET = "test-alert-webhook-secret-0001";
export const APP_URL = "https://backoffice.example";

/** The alert work on a test store, sending through the given SMTP server and webhook receiver (either may be absent). */
export function testAlertWork(db: Db, o: { smtp?: TestSmtp; receiver?: TestReceiver; balanceCents?: number }): AlertWork {
  const channels: Channels = { email: !!o.smtp, webhook: !!o.receiver, appUrl: APP_URL };
  return alertWork({
    db,
    channels,
    transports: async () => ({
      sendMail: o.smtp ? smtpSender(o.smtp.url, "Back office Pix <alerts@backoffice.example>") : null,
      postWebhook: o.receiver ? webhookPoster(o.receiver.url, WEBHOOK_SECRET) : null,
    }),
    attentionAfterMinutes: 30,
    portal: false,
    balance: o.balanceCents === undefined ? undefined : async () => ({ availableCents: o.balanceCents!, blockedCents: 0, totalCents: o.balanceCents! }),
  });
}
