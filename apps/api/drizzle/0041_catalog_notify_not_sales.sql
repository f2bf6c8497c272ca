-- A sale changes only products.sales_count (and updated_at, by its trigger). Telling every instance
-- of it made each paid order empty their catalogue page caches and start a search index catch-up
-- (six statements) at once: at a few orders a second the 5-second page cache never stayed warm.
-- Sales counts only order "popular" lists: the index's periodic check (by updated_at, every
-- CATALOG_CACHE_MS) takes them in. Every other column still notifies at once; updated_at is not
-- listed (drizzle sets it in every update), so touchSellerProducts, which only moves it (a seller
-- suspended or back), notifies by itself. A column added to products must be added here too:
-- catalog-notify.test.ts fails until it is.
DROP TRIGGER products_catalog_changed ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed
  AFTER INSERT OR DELETE OR UPDATE OF
    id, seller_id, seller_name, title, short_description, description, price_cents,
    original_price_cents, pwyw_suggested_cents, category, license, card, status, featured,
    rejection_reason, images, tags, demo_video_key, rating_average, review_count, deleted_at,
    scanned_at, created_at
  ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
