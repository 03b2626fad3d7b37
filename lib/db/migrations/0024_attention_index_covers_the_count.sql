-- "Needs attention" (lib/transfers/server/attention.ts) counted and summed from its index alone. At
-- 2,000,000 requests the planner took the condition (an OR of three partial conditions) for 36,000
-- rows instead of 3,400, and chose a parallel bitmap scan of the table: 180 ms with JIT, 30 ms
-- without. The index now carries what the condition and the totals read (provider_status,
-- value_cents), and the condition repeats the index's states at its top, so one index-only scan
-- answers it: 3 ms. Drizzle's index builder has no INCLUDE: the schema (lib/db/schema/transfers.ts)
-- declares the index without it, and this file is where it is whole.
DROP INDEX IF EXISTS "transfer_requests_attention_idx";--> statement-breakpoint
CREATE INDEX "transfer_requests_attention_idx" ON "transfer_requests" USING btree ("state","registered_at") INCLUDE ("provider_status","value_cents") WHERE "transfer_requests"."attention_handled_at" is null and "transfer_requests"."state" in ('provider_canceled','refused','failed','outcome_unknown','held','registered');
