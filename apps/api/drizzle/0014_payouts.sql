CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"holder_name" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"account_type" text NOT NULL,
	"country" text NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"routing_number" text,
	"masked_number" text NOT NULL,
	"number_encrypted" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"payout_provider" text,
	"provider_destination_id" text,
	"onboarding_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"schedule" text DEFAULT 'weekly' NOT NULL,
	"minimum_payout_cents" integer DEFAULT 2500 NOT NULL,
	"hold_days" integer DEFAULT 30 NOT NULL,
	"last_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_settings_single_row" CHECK ("payout_settings"."id" = 1),
	CONSTRAINT "payout_settings_minimum" CHECK ("payout_settings"."minimum_payout_cents" >= 0),
	CONSTRAINT "payout_settings_hold" CHECK ("payout_settings"."hold_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"provider" text NOT NULL,
	"bank_account_id" uuid,
	"account_masked" text,
	"destination_id" text NOT NULL,
	"provider_transfer_id" text,
	"provider_reversal_id" text,
	"failure_reason" text,
	"trigger" text NOT NULL,
	"triggered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0),
	CONSTRAINT "payouts_status_known" CHECK ("payouts"."status" in ('processing', 'paid', 'failed', 'reversing', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "test_payout_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"destination_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_per_seller" ON "bank_accounts" USING btree ("user_id") WHERE "bank_accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_primary_platform" ON "bank_accounts" USING btree ("is_primary") WHERE "bank_accounts"."user_id" is null and "bank_accounts"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_in_flight_per_seller" ON "payouts" USING btree ("seller_id") WHERE "payouts"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "payouts_seller_created_idx" ON "payouts" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_status_created_idx" ON "payouts" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "test_payout_transfers_idempotency_unique" ON "test_payout_transfers" USING btree ("idempotency_key");
--> statement-breakpoint
INSERT INTO "payout_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
