CREATE TABLE "product_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"version_id" uuid,
	"author_id" uuid,
	"fanout_after_user_id" uuid,
	"fanout_done_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_updates_kind_known" CHECK ("product_updates"."kind" in ('version', 'note'))
);
--> statement-breakpoint
CREATE TABLE "product_update_deliveries" (
	"update_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "product_update_deliveries_pk" PRIMARY KEY("update_id","user_id"),
	CONSTRAINT "product_update_deliveries_status_known" CHECK ("product_update_deliveries"."status" in ('queued', 'sending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "product_update_mutes" (
	"user_id" uuid NOT NULL,
	"product_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_update_mutes_unique" UNIQUE NULLS NOT DISTINCT("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "product_updates" ADD CONSTRAINT "product_updates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_updates" ADD CONSTRAINT "product_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_update_deliveries" ADD CONSTRAINT "product_update_deliveries_update_id_product_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."product_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_update_deliveries" ADD CONSTRAINT "product_update_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_update_mutes" ADD CONSTRAINT "product_update_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_update_mutes" ADD CONSTRAINT "product_update_mutes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_updates_product_idx" ON "product_updates" USING btree ("product_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_updates_fanout_idx" ON "product_updates" USING btree ("created_at") WHERE "product_updates"."fanout_done_at" is null and "product_updates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "product_update_deliveries_queued_idx" ON "product_update_deliveries" USING btree ("created_at") WHERE "product_update_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "product_update_deliveries_sending_idx" ON "product_update_deliveries" USING btree ("claimed_at") WHERE "product_update_deliveries"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "product_update_deliveries_user_idx" ON "product_update_deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "product_update_mutes_product_idx" ON "product_update_mutes" USING btree ("product_id");
