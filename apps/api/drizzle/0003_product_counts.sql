-- Keeps product_counts (status, category) -> total in step with products, so catalogue pages
-- read their totals instead of counting up to every row on each request.
CREATE FUNCTION product_counts_apply(p_status text, p_category text, p_delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO product_counts (status, category, total) VALUES (p_status, p_category, p_delta)
  ON CONFLICT (status, category) DO UPDATE SET total = product_counts.total + EXCLUDED.total;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION product_counts_track() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    PERFORM product_counts_apply(OLD.status, OLD.category, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    PERFORM product_counts_apply(NEW.status, NEW.category, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_count_insert_delete AFTER INSERT OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION product_counts_track();
--> statement-breakpoint
CREATE TRIGGER products_count_update AFTER UPDATE OF status, category, deleted_at ON products
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION product_counts_track();
--> statement-breakpoint
INSERT INTO product_counts (status, category, total)
  SELECT status, category, count(*) FROM products WHERE deleted_at IS NULL GROUP BY status, category
  ON CONFLICT (status, category) DO UPDATE SET total = EXCLUDED.total;
