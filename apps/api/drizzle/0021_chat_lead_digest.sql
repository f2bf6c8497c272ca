ALTER TABLE "chat_leads" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chat_leads_unnotified_idx" ON "chat_leads" USING btree ("created_at") WHERE "chat_leads"."notified_at" is null;--> statement-breakpoint
-- Leads stored before the digest were e-mailed one by one when they came in.
UPDATE "chat_leads" SET "notified_at" = "created_at" WHERE "notified_at" IS NULL;
