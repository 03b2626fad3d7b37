import "@/lib/zod-config";
import { z } from "zod";
import { instantSchema } from "@/lib/domain/answer-fields";

/** One device that receives pushes, as its owner sees it on /settings/security. */
export const pushDeviceSchema = z
  .object({
    endpoint: z.string(),
    user_agent: z.string().nullable(),
    created_at: instantSchema,
    last_sent_at: instantSchema.nullable(),
  })
  .meta({ id: "PushSubscription" });

/** GET /api/me/push-subscriptions: the key browsers subscribe with (null: push not set up here) and this person's devices. */
export const pushSubscriptionsAnswer = z.object({ vapid_public_key: z.string().nullable(), subscriptions: z.array(pushDeviceSchema) }).meta({ id: "PushSubscriptionList" });

/** POST /api/me/push-subscriptions (201). */
export const pushSubscribedAnswer = z.object({ subscription: pushDeviceSchema }).meta({ id: "PushSubscribed" });

export type PushDevice = z.infer<typeof pushDeviceSchema>;
