-- Every committed statement that changes products tells the instances listening on
-- `catalog_changed` (PostgreSQL LISTEN/NOTIFY): their catalogue caches, search index and product
-- pages catch up within milliseconds instead of at their next periodic check. One notification per
-- statement (PostgreSQL folds identical ones within a transaction); the bulk seed's batches run with
-- triggers off and are followed by a full load anyway.
CREATE FUNCTION catalog_changed_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
