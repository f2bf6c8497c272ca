CREATE TABLE "sale_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"email_status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sale_alerts_once" UNIQUE("order_id","seller_id","kind"),
	CONSTRAINT "sale_alerts_kind_known" CHECK ("sale_alerts"."kind" in ('sale', 'refund')),
	CONSTRAINT "sale_alerts_email_status_known" CHECK ("sale_alerts"."email_status" in ('queued', 'sending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sale_alert_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"emails" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_alerts" ADD CONSTRAINT "sale_alerts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sale_alerts" ADD CONSTRAINT "sale_alerts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sale_alert_settings" ADD CONSTRAINT "sale_alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sale_alerts_queued_idx" ON "sale_alerts" USING btree ("created_at") WHERE "sale_alerts"."email_status" = 'queued';
--> statement-breakpoint
CREATE INDEX "sale_alerts_sending_idx" ON "sale_alerts" USING btree ("claimed_at") WHERE "sale_alerts"."email_status" = 'sending';
--> statement-breakpoint
CREATE INDEX "sale_alerts_seller_idx" ON "sale_alerts" USING btree ("seller_id");
