import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonOk, route } from "@/lib/http";
import { getAlertSettings, saveAlertSettings } from "@/lib/alerts/settings";
import { alertSettingsSchema } from "@/lib/alerts/settings-schema";
import { describeChannels } from "@/lib/alerts/channels";
import { alertSettingsAnswer } from "@/lib/alerts/answers";

export const GET = route(
  {
    name: "GET /api/settings/alerts",
    summary: "The alert rules in force and where alerts go (e-mail, webhook: configured or not)",
    answers: { 200: alertSettingsAnswer },
    permission: "policy",
  },
  async () => {
  const env = getEnv();
  return jsonOk({ rules: await getAlertSettings(await getDb(), env.transfers.attentionAfterMinutes), channels: describeChannels(env) });
});

export const PUT = route(
  {
    name: "PUT /api/settings/alerts",
    summary: "{ rules } switch rules and change thresholds (admins; audited with what changed)",
    answers: { 200: alertSettingsAnswer },
    permission: "policy", body: alertSettingsSchema,
  },
  async ({ actor, body }) => {
  const env = getEnv();
  return jsonOk({ rules: await saveAlertSettings(await getDb(), body, actor, env.transfers.attentionAfterMinutes), channels: describeChannels(env) });
});
