ALTER TABLE "product_files" ADD COLUMN "scan_verdict" text;--> statement-breakpoint
ALTER TABLE "product_files" ADD COLUMN "scan_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_files" ADD COLUMN "scanned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "scanned_at" timestamp with time zone;