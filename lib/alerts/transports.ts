import "server-only";
import type { ServerEnv } from "@/lib/env";
import { configuredMailSender } from "@/lib/mail/sender";
import { isPermanentSmtpError } from "@/lib/mail/smtp";
import { PermanentDeliveryError, type Transports } from "./deliveries";
import { webhookPoster } from "./webhook";

/**
 * Where messages go, from the configuration: SMTP_URL (or, in the demo, the local catcher) for
 * e-mail, ALERT_WEBHOOK_URL for the webhook. Nothing configured, nothing sent: an unset channel
 * has no transport, and nothing is written for it.
 */
export async function transportsFrom(env: ServerEnv): Promise<Transports> {
  const n = env.notify;
  const send = await configuredMailSender(env);
  return {
    sendMail: send
      ? async (message) => {
          try {
            await send(message);
          } catch (error) {
            if (isPermanentSmtpError(error)) throw new PermanentDeliveryError((error as Error).message);
            throw error;
          }
        }
      : null,
    postWebhook: n.webhookUrl && n.webhookSecret ? webhookPoster(n.webhookUrl, n.webhookSecret) : null,
  };
}
