CREATE TABLE "seller_api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "seller_api_tokens_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "seller_webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"events" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seller_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_webhook_events_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "seller_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_response_body" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_webhook_deliveries_once" UNIQUE("event_id","endpoint_id"),
	CONSTRAINT "seller_webhook_deliveries_status_known" CHECK ("seller_webhook_deliveries"."status" in ('pending', 'delivering', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "seller_api_tokens" ADD CONSTRAINT "seller_api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "seller_webhook_endpoints" ADD CONSTRAINT "seller_webhook_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "seller_webhook_events" ADD CONSTRAINT "seller_webhook_events_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "seller_webhook_deliveries" ADD CONSTRAINT "seller_webhook_deliveries_event_id_seller_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."seller_webhook_events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "seller_webhook_deliveries" ADD CONSTRAINT "seller_webhook_deliveries_endpoint_id_seller_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."seller_webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "seller_api_tokens_user_idx" ON "seller_api_tokens" USING btree ("user_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "seller_webhook_endpoints_user_idx" ON "seller_webhook_endpoints" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "seller_webhook_deliveries_due_idx" ON "seller_webhook_deliveries" USING btree ("next_attempt_at") WHERE "seller_webhook_deliveries"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "seller_webhook_deliveries_endpoint_idx" ON "seller_webhook_deliveries" USING btree ("endpoint_id","created_at" DESC NULLS LAST);
