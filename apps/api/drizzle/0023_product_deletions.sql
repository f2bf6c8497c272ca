CREATE TABLE "product_deletions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_deletions_time_idx" ON "product_deletions" USING btree ("deleted_at");--> statement-breakpoint
-- Every product row deleted outright is logged (the search index's change feed cannot see a row that
-- is gone); entries older than a day are dropped as new ones arrive.
CREATE FUNCTION product_deletions_track() RETURNS trigger AS $$
BEGIN
  INSERT INTO product_deletions (id) SELECT id FROM old_rows
    ON CONFLICT (id) DO UPDATE SET deleted_at = clock_timestamp();
  DELETE FROM product_deletions WHERE deleted_at < now() - interval '1 day';
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_deletions_log AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_deletions_track();
