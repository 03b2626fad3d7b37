import "server-only";
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

/**
 * The demo's mail catcher (sandbox mode, MAIL_CATCHER=on): a local SMTP server on 127.0.0.1 that
 * accepts every message and keeps the newest ones in memory, so a newcomer sees on /dev/mail what
 * the back office would have e-mailed. E-mails travel the real way (nodemailer over SMTP); only
 * the far end is a stand-in. Kept on globalThis like the store: one per process.
 */
export type CaughtMail = { id: number; at: string; from: string; to: string[]; subject: string; text: string };

const KEEP = 200;
const MAX_BYTES = 256 * 1024;

type Catcher = { url: string; messages: CaughtMail[]; close(): Promise<void> };
type Holder = { catcher?: Promise<Catcher> };
const HOLDER_KEY = Symbol.for("pix-backoffice.mail-catcher");

function holder(): Holder {
  const g = globalThis as typeof globalThis & { [HOLDER_KEY]?: Holder };
  g[HOLDER_KEY] ??= {};
  return g[HOLDER_KEY];
}

/** Starts the catcher on a free port (once per process); its smtp:// URL. */
export function startMailCatcher(): Promise<Catcher> {
  const h = holder();
  h.catcher ??= listen().catch((error: unknown) => {
    h.catcher = undefined;
    throw error;
  });
  return h.catcher;
}

/** The caught messages, newest first; empty when the catcher is not running. */
export async function caughtMail(): Promise<CaughtMail[]> {
  const catcher = await holder().catcher?.catch(() => undefined);
  return catcher ? [...catcher.messages].reverse() : [];
}

async function listen(): Promise<Catcher> {
  const messages: CaughtMail[] = [];
  let next = 1;
  const server = new SMTPServer({
    authOptional: true,
    // No reverse DNS of the client (127.0.0.1): it only adds a lookup to every message.
    disableReverseLookup: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    size: MAX_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            messages.push({
              id: next++,
              at: new Date().toISOString(),
              from: parsed.from?.address ?? "",
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
            });
            if (messages.length > KEEP) messages.shift();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
