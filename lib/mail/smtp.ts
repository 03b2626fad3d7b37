import "server-only";
import nodemailer from "nodemailer";

/**
 * Outgoing e-mail over SMTP (nodemailer): plain text, and for a charge sent to a payer an HTML
 * part with files (the QR code inline by its cid, the charge's PDF attached). Each message opens its own connection
 * (about 100 ms to a local server, measured by bench/alert-delivery.ts; a pooled connection
 * sends in about 3 ms but holds a socket open for a few e-mails a minute). Timeouts keep a dead
 * server from holding a delivery job for minutes.
 */
export type MailAttachment = {
  filename: string;
  content: Uint8Array;
  contentType: string;
  /** Set for an image the HTML shows inline (`<img src="cid:...">`). */
  cid?: string;
};
export type MailMessage = { to: string; subject: string; text: string; html?: string; attachments?: readonly MailAttachment[] };
export type SendMail = (message: MailMessage) => Promise<void>;

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function smtpSender(url: string, from: string): SendMail {
  const transport = nodemailer.createTransport({ url, ...TIMEOUTS });
  return async (message) => {
    await transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.attachments?.length
        ? {
            attachments: message.attachments.map((a) => ({
              filename: a.filename,
              content: Buffer.from(a.content),
              contentType: a.contentType,
              ...(a.cid ? { cid: a.cid, contentDisposition: "inline" as const } : {}),
            })),
          }
        : {}),
    });
  };
}

/** An SMTP answer that says "never" (5xx: no such mailbox, refused): another try cannot help. */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}
