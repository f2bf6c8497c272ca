CREATE TABLE "ai_pool_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"wallet_address" text,
	"token_symbol" text DEFAULT 'USDC' NOT NULL,
	"auto_transfer_enabled" boolean DEFAULT false NOT NULL,
	"auto_transfer_threshold_cents" integer DEFAULT 10000 NOT NULL,
	"schedule" text DEFAULT 'weekly' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_pool_settings_single_row" CHECK ("ai_pool_settings"."id" = 1),
	CONSTRAINT "ai_pool_settings_threshold_positive" CHECK ("ai_pool_settings"."auto_transfer_threshold_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "ai_pool_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"trigger" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"token_symbol" text NOT NULL,
	"exchange_rate" numeric(20, 8) NOT NULL,
	"token_amount" numeric(30, 6) NOT NULL,
	"wallet_address" text NOT NULL,
	"provider" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_transfer_id" text,
	"failure_reason" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "ai_pool_transfers_amount_positive" CHECK ("ai_pool_transfers"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_token_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"wallet_address" text NOT NULL,
	"token_symbol" text NOT NULL,
	"token_amount" numeric(30, 6) NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_token_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ai_pool_transfers_idempotency_unique" ON "ai_pool_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_pool_transfers_one_pending" ON "ai_pool_transfers" USING btree ("status") WHERE "ai_pool_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ai_pool_transfers_created_idx" ON "ai_pool_transfers" USING btree ("created_at" DESC NULLS LAST);