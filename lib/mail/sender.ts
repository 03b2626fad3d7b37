import "server-only";
import type { ServerEnv } from "@/lib/env";
import { startMailCatcher } from "./catcher";
import { smtpSender, type SendMail } from "./smtp";

/**
 * The configured way out for e-mail: SMTP_URL with MAIL_FROM, or in the demo the local catcher
 * (MAIL_CATCHER=on). Null when neither is set: nothing can be e-mailed.
 */
export async function configuredMailSender(env: ServerEnv): Promise<SendMail | null> {
  const n = env.notify;
  const smtpUrl = n.smtpUrl ?? (n.mailCatcher ? (await startMailCatcher()).url : undefined);
  return smtpUrl && n.mailFrom ? smtpSender(smtpUrl, n.mailFrom) : null;
}
