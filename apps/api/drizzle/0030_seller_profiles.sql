ALTER TABLE "users" ADD COLUMN "seller_bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "seller_links" jsonb DEFAULT '[]'::jsonb NOT NULL;
