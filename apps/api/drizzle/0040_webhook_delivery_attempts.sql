-- Every attempt of a seller's webhook delivery (docs/decisions/0050), not only the last one the
-- delivery row keeps. Written in the transaction that records the attempt's outcome; deleted with
-- its delivery (cascade) and, since deliveries are never pruned, after 30 days by the webhooks job.
-- A new table only: no existing row is rewritten or scanned. Signing secrets are encrypted at rest
-- from this release on by the application itself (no SQL: the key is not in the database).
CREATE TABLE "seller_webhook_delivery_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"duration_ms" integer,
	"status_code" integer,
	"response_body" text,
	"error" text,
	CONSTRAINT "seller_webhook_delivery_attempts_once" UNIQUE("delivery_id","attempt")
);
--> statement-breakpoint
ALTER TABLE "seller_webhook_delivery_attempts" ADD CONSTRAINT "seller_webhook_delivery_attempts_delivery_id_seller_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."seller_webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "seller_webhook_delivery_attempts_age_idx" ON "seller_webhook_delivery_attempts" USING btree ("attempted_at");
