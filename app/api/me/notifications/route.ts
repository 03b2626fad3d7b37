import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonOk, route } from "@/lib/http";
import { getMailChoices, saveMailChoices } from "@/lib/alerts/preferences";
import { mailChoicesSchema } from "@/lib/alerts/query";
import { describeChannels } from "@/lib/alerts/channels";
import { mailChoicesAnswer } from "@/lib/alerts/answers";

export const GET = route(
  {
    name: "GET /api/me/notifications",
    summary: "The e-mails the signed-in person may get, each on or off, and whether e-mail is configured",
    answers: { 200: mailChoicesAnswer },
    permission: "account",
  },
  async ({ user }) =>
  jsonOk({ kinds: await getMailChoices(await getDb(), user), email: describeChannels(getEnv()).email }),
);

export const PUT = route(
  {
    name: "PUT /api/me/notifications",
    summary: "{ kinds: { paid: false, ... } } the person's choices",
    answers: { 200: mailChoicesAnswer },
    permission: "account", body: mailChoicesSchema,
  },
  async ({ user, body }) =>
  jsonOk({ kinds: await saveMailChoices(await getDb(), user, body.kinds), email: describeChannels(getEnv()).email }),
);
