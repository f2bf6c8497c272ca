ALTER TABLE "product_update_deliveries" DROP CONSTRAINT "product_update_deliveries_status_known";--> statement-breakpoint
ALTER TABLE "product_update_deliveries" ADD CONSTRAINT "product_update_deliveries_status_known" CHECK ("product_update_deliveries"."status" in ('queued', 'sending', 'sent', 'skipped', 'failed'));--> statement-breakpoint
ALTER TABLE "product_update_deliveries" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "product_update_deliveries_sending_idx" ON "product_update_deliveries" USING btree ("claimed_at") WHERE "product_update_deliveries"."status" = 'sending';
