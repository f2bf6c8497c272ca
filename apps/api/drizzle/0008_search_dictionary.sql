CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"frequency" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "search_words_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Keep the search vector in the row (compressed) rather than in TOAST storage, so ranking and
-- rechecks do not fetch it from a second table; long descriptions move out of line first.
ALTER TABLE "products" ALTER COLUMN "search_vector" SET STORAGE MAIN;
--> statement-breakpoint
-- The words of a product's texts as search sees them: lower-case runs of letters and digits.
-- (The same texts the search vector holds: title, descriptions, category and seller name.)
CREATE FUNCTION search_words_of(p products) RETURNS SETOF text AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(
    lower(concat_ws(' ', p.title, p.short_description, p.description, p.category, p.seller_name)),
    '[^[:alnum:]]+') AS w
  WHERE length(w) BETWEEN 2 AND 40
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Adds per-word deltas (in word order, so concurrent writers lock rows in the same order), drops
-- words no public product uses any more, and moves the version so readers reload.
CREATE FUNCTION search_words_apply(p_words text[], p_deltas integer[]) RETURNS void AS $$
BEGIN
  IF coalesce(array_length(p_words, 1), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO search_words (word, frequency)
    SELECT w, d FROM unnest(p_words, p_deltas) AS u(w, d) ORDER BY w
    ON CONFLICT (word) DO UPDATE SET frequency = search_words.frequency + EXCLUDED.frequency;
  DELETE FROM search_words WHERE word = ANY (p_words) AND frequency <= 0;
  UPDATE search_words_version SET version = version + 1 WHERE id = 1;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Statement triggers with transition tables: a bulk insert of 10,000 products is one aggregate.
CREATE FUNCTION search_words_track() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_words_apply(array_agg(word ORDER BY word), array_agg(delta ORDER BY word)) FROM (
      SELECT w AS word, count(*)::int AS delta
      FROM new_rows n CROSS JOIN LATERAL search_words_of(n) AS w
      WHERE n.status = 'approved' AND n.deleted_at IS NULL GROUP BY w) s;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_words_apply(array_agg(word ORDER BY word), array_agg(delta ORDER BY word)) FROM (
      SELECT w AS word, -count(*)::int AS delta
      FROM old_rows o CROSS JOIN LATERAL search_words_of(o) AS w
      WHERE o.status = 'approved' AND o.deleted_at IS NULL GROUP BY w) s;
  ELSE
    -- Only rows whose words or visibility changed (sales counts and ratings move often).
    PERFORM search_words_apply(array_agg(word ORDER BY word), array_agg(delta ORDER BY word)) FROM (
      SELECT word, sum(delta)::int AS delta FROM (
        SELECT w AS word, 1 AS delta
        FROM new_rows n JOIN old_rows o ON o.id = n.id CROSS JOIN LATERAL search_words_of(n) AS w
        WHERE n.status = 'approved' AND n.deleted_at IS NULL
          AND (n.title, n.short_description, n.description, n.category, n.seller_name, n.status, n.deleted_at)
            IS DISTINCT FROM (o.title, o.short_description, o.description, o.category, o.seller_name, o.status, o.deleted_at)
        UNION ALL
        SELECT w AS word, -1 AS delta
        FROM old_rows o JOIN new_rows n ON o.id = n.id CROSS JOIN LATERAL search_words_of(o) AS w
        WHERE o.status = 'approved' AND o.deleted_at IS NULL
          AND (n.title, n.short_description, n.description, n.category, n.seller_name, n.status, n.deleted_at)
            IS DISTINCT FROM (o.title, o.short_description, o.description, o.category, o.seller_name, o.status, o.deleted_at)
      ) d GROUP BY word HAVING sum(delta) <> 0) s;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_track();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_track();
--> statement-breakpoint
CREATE TRIGGER products_search_words_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_track();
--> statement-breakpoint
INSERT INTO search_words (word, frequency)
  SELECT w, count(*) FROM products p CROSS JOIN LATERAL search_words_of(p) AS w
  WHERE p.status = 'approved' AND p.deleted_at IS NULL GROUP BY w;
