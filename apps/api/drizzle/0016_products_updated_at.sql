CREATE INDEX "products_updated_idx" ON "products" USING btree ("updated_at");
--> statement-breakpoint
-- updated_at moves on every change, whoever writes (raw SQL included), by the database's clock:
-- the search index reads the products changed since its last refresh by it.
CREATE FUNCTION products_touch_updated_at() RETURNS trigger AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

--> statement-breakpoint
CREATE TRIGGER products_touch_updated_at BEFORE UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION products_touch_updated_at();
