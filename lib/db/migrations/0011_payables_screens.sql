ALTER TABLE "transfer_requests" ADD COLUMN "receiver_key" text;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD COLUMN "cost_centre_id" text;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD COLUMN "receiver_id" text;--> statement-breakpoint
-- Requests written before this column: their names as searched (new rows get lib/pix searchKey from the app).
UPDATE "transfer_requests" SET "receiver_key" = btrim(regexp_replace(lower(translate("receiver_name", 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ', 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNn')), '\s+', ' ', 'g')) WHERE "receiver_key" IS NULL;
