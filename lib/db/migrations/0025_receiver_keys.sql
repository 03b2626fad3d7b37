-- Receiver name searches through a dictionary of the names (lib/db/schema/transfers.ts receiverKeys).
-- The trigram index on transfer_requests.receiver_key answered "isabela rodrigues ribeiro" at
-- 2,000,000 requests by reading the posting lists of every trigram of the name (2,522 pages, 47 ms
-- for 160 rows): common trigrams ("rod", "ues") are in a share of every row. The names themselves
-- are few (one per receiver), so their trigram index stays small, and the rows of the names found
-- come from a plain index on receiver_key.
CREATE TABLE "receiver_keys" (
	"key" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "transfer_requests_receiver_key_trgm_idx";--> statement-breakpoint
CREATE INDEX "receiver_keys_trgm_idx" ON "receiver_keys" USING gin ("key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transfer_requests_receiver_key_idx" ON "transfer_requests" USING btree ("receiver_key");--> statement-breakpoint
INSERT INTO "receiver_keys" ("key") SELECT DISTINCT "receiver_key" FROM "transfer_requests" WHERE "receiver_key" IS NOT NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
-- In the transaction of the insert; in key order, so two writers adding the same new names wait for
-- each other in one order (no deadlock). receiver_key is written once, with the row.
CREATE FUNCTION receiver_keys_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO receiver_keys (key)
    SELECT DISTINCT n.receiver_key FROM new_rows n
    WHERE n.receiver_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM receiver_keys k WHERE k.key = n.receiver_key)
    ORDER BY 1
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER receiver_keys_insert AFTER INSERT ON transfer_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION receiver_keys_add();
