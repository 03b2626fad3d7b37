import "@/lib/zod-config";
import { z } from "zod";

/**
 * What a browser hands over when it subscribes (PushSubscription.toJSON()), checked at the door:
 * the endpoint is where the server will POST, so it must look like a push service's address
 * (push-endpoint.ts), and the keys must be a P-256 point and a 16-byte secret (RFC 8291).
 */
const base64urlOf = (bytes: number, message: string) =>
  z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((v) => {
      const raw = Buffer.from(v, "base64url");
      return raw.length === bytes && (bytes !== 65 || raw[0] === 4);
    }, message);

export const PUSH_ENDPOINT_MAX = 1_024;

/** A push service's address: http(s), bounded, nothing invisible in it (no control or space characters). */
const endpointSchema = z
  .url({ protocol: /^https?$/, error: "security.push.badEndpoint" })
  .max(PUSH_ENDPOINT_MAX, { error: "security.push.badEndpoint" })
  .refine((v) => !/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/.test(v), { error: "security.push.badEndpoint" });

export const pushSubscriptionInput = z.object({
  endpoint: endpointSchema,
  keys: z.object({
    p256dh: base64urlOf(65, "security.push.badKeys"),
    auth: base64urlOf(16, "security.push.badKeys"),
  }),
  /** Sent by browsers in toJSON(); not used. */
  expirationTime: z.number().nullable().optional(),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushEndpointQuery = z.object({ endpoint: endpointSchema });
