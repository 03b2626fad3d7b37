import "server-only";
import type { ServerEnv } from "@/lib/env";
import type { Channels } from "./raise";
import type { AlertChannels } from "./types";

/** Which channels are configured (lib/alerts/transports.ts builds the senders themselves). */
export function channelsFrom(env: ServerEnv): Channels {
  const n = env.notify;
  return { email: !!((n.smtpUrl && n.mailFrom) || n.mailCatcher), webhook: !!(n.webhookUrl && n.webhookSecret), appUrl: env.appUrl };
}

/** What /settings/alerts says about where alerts go (never the addresses themselves). */
export function describeChannels(env: ServerEnv): AlertChannels {
  const n = env.notify;
  return { email: n.smtpUrl ? "smtp" : n.mailCatcher ? "catcher" : "off", webhook: n.webhookUrl ? "on" : "off" };
}
