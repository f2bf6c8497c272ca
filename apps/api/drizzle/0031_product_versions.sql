-- Versions and revisions of products (docs/decisions/0038). Nothing here rewrites products rows:
-- existing products keep their files as the implicit version "1.0" (files with no version_id), and
-- every new column of product_files is nullable or has a constant default (a catalogue change only).
CREATE TABLE "product_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"label" text NOT NULL,
	"changelog" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"submitted_by" uuid,
	"reviewed_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_versions_status_known" CHECK ("product_versions"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_versions_product_idx" ON "product_versions" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_versions_one_pending" ON "product_versions" USING btree ("product_id") WHERE "product_versions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "product_versions_label_unique" ON "product_versions" USING btree ("product_id",lower("label")) WHERE "product_versions"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "product_versions_pending_idx" ON "product_versions" USING btree ("created_at") WHERE "product_versions"."status" = 'pending';--> statement-breakpoint
CREATE TABLE "product_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"auto_published" boolean DEFAULT false NOT NULL,
	"submitted_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_revisions_status_known" CHECK ("product_revisions"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_revisions_product_idx" ON "product_revisions" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_revisions_one_pending" ON "product_revisions" USING btree ("product_id") WHERE "product_revisions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "product_revisions_pending_idx" ON "product_revisions" USING btree ("created_at") WHERE "product_revisions"."status" = 'pending';--> statement-breakpoint
CREATE TABLE "product_review_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"minor_edit_max_chars" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_review_settings_one_row" CHECK ("product_review_settings"."id" = 1),
	CONSTRAINT "product_review_settings_minor_edit_range" CHECK ("product_review_settings"."minor_edit_max_chars" between 0 and 500)
);
--> statement-breakpoint
-- Metadata-only changes (no table rewrite): nullable columns, and a constant default.
ALTER TABLE "product_files" ADD COLUMN "version_id" uuid;--> statement-breakpoint
ALTER TABLE "product_files" ADD COLUMN "revision_id" uuid;--> statement-breakpoint
ALTER TABLE "product_files" ADD COLUMN "released" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- NOT VALID: every existing row is null, so there is nothing to check; new rows are checked.
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_version_id_product_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."product_versions"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_revision_id_product_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."product_revisions"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
CREATE INDEX "product_files_version_idx" ON "product_files" USING btree ("version_id") WHERE "product_files"."version_id" is not null;--> statement-breakpoint
CREATE INDEX "product_files_revision_idx" ON "product_files" USING btree ("revision_id") WHERE "product_files"."revision_id" is not null;
