CREATE TABLE "forum_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "forum_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"reply_id" uuid,
	"reason" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"product_id" uuid,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(body, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirmation_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_status_known" CHECK ("newsletter_subscribers"."status" in ('pending', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_reply_id_forum_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."forum_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_category_id_forum_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."forum_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_replies_thread_created_idx" ON "forum_replies" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_replies_author_created_idx" ON "forum_replies" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "forum_reports_thread_once" ON "forum_reports" USING btree ("reporter_id","thread_id") WHERE reply_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_reports_reply_once" ON "forum_reports" USING btree ("reporter_id","reply_id") WHERE reply_id is not null;--> statement-breakpoint
CREATE INDEX "forum_reports_open_idx" ON "forum_reports" USING btree ("created_at" DESC NULLS LAST) WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "forum_threads_listing_idx" ON "forum_threads" USING btree ("category_id","is_pinned" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_activity_idx" ON "forum_threads" USING btree ("is_pinned" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_author_created_idx" ON "forum_threads" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_search_idx" ON "forum_threads" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "newsletter_status_created_idx" ON "newsletter_subscribers" USING btree ("status","created_at" DESC NULLS LAST);
--> statement-breakpoint
INSERT INTO "forum_categories" ("slug", "name", "description", "position") VALUES
	('general', 'General', 'Talk about anything around AI tools and the marketplace.', 1),
	('product-help', 'Product help', 'Questions about using a product you bought or are considering.', 2),
	('showcase', 'Showcase', 'Show what you built with products from the marketplace.', 3),
	('feature-requests', 'Feature requests', 'Ideas for the marketplace and its products.', 4);

--> statement-breakpoint
-- An account's newsletter choice (register form, profile, deletion) is copied to the subscriber list;
-- the newsletter module copies confirmations and unsubscriptions back to the account.
CREATE FUNCTION newsletter_follow_account() RETURNS trigger AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW.newsletter_subscribed IS NOT DISTINCT FROM OLD.newsletter_subscribed AND NEW.email = OLD.email THEN
		RETURN NEW;
	END IF;
	IF NEW.newsletter_subscribed THEN
		INSERT INTO newsletter_subscribers (email, status, confirmed_at)
		VALUES (lower(NEW.email), 'confirmed', now())
		ON CONFLICT (email) DO UPDATE
			SET status = 'confirmed', confirmed_at = coalesce(newsletter_subscribers.confirmed_at, now()), unsubscribed_at = NULL, updated_at = now()
			WHERE newsletter_subscribers.status <> 'confirmed';
	ELSIF TG_OP = 'UPDATE' THEN
		UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = now(), updated_at = now()
		WHERE email = lower(OLD.email) AND status <> 'unsubscribed';
	END IF;
	RETURN NEW;
END;
$$ LANGUAGE plpgsql;

--> statement-breakpoint
CREATE TRIGGER users_newsletter_follow AFTER INSERT OR UPDATE OF newsletter_subscribed, email ON users
	FOR EACH ROW EXECUTE FUNCTION newsletter_follow_account();

--> statement-breakpoint
INSERT INTO newsletter_subscribers (email, status, confirmed_at)
SELECT lower(email), 'confirmed', now() FROM users WHERE newsletter_subscribed AND deleted_at IS NULL
ON CONFLICT (email) DO NOTHING;
