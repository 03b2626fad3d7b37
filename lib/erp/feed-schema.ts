import "@/lib/zod-config";
import { z } from "zod";
import { instantSchema } from "@/lib/domain/answer-fields";

/** Client-safe: the feed's query and answer, as the route declares them and the OpenAPI document shows them. */

/** Events per page when the caller does not say, and the most it may ask for. */
export const FEED_DEFAULT_LIMIT = 100;
export const FEED_MAX_LIMIT = 1_000;

/** A feed cursor: the position of the last event read ("0": from the start). */
const cursorSchema = z.string().regex(/^(0|[1-9][0-9]{0,14})$/, "validation.erp.cursor");

export const feedQuerySchema = z.object({
  after: cursorSchema.default("0").describe("next_cursor of the previous page; 0 (the default) reads from the oldest event kept"),
  limit: z.coerce
    .number({ error: "validation.erp.limit" })
    .int("validation.erp.limit")
    .min(1, "validation.erp.limit")
    .max(FEED_MAX_LIMIT, "validation.erp.limit")
    .default(FEED_DEFAULT_LIMIT),
});

export const feedEventSchema = z
  .object({
    id: z.string().describe("The event's position in the feed; also the webhook's event id"),
    type: z.string().describe("transfer.created, transfer.<state>, batch.<state>, charge.<state>"),
    at: instantSchema,
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "FeedEvent" });

export const feedAnswer = z
  .object({
    events: z.array(feedEventSchema),
    next_cursor: z.string().describe("Pass as `after` to read what follows; the same cursor when nothing new has committed"),
  })
  .meta({ id: "FeedPage" });

export type FeedEvent = z.infer<typeof feedEventSchema>;
export type FeedPage = z.infer<typeof feedAnswer>;
