-- The AI listing card (packages/shared/src/listing-card.ts): a category's structured fields and a
-- custom licence's text and summary, as one JSON document validated by the shared schema. The
-- catalogue filters on a few of its fields (framework, GPU memory, hosting) in SQL and in the search
-- index alike; the card's words are not search words (search_words_of() and the search vector are
-- unchanged), so the dictionary's trigger has nothing to do for a card change.
ALTER TABLE "products" ADD COLUMN "card" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "license" SET DEFAULT 'commercial-single-seat';
--> statement-breakpoint
-- The first catalogue's licences become the fixed list's (packages/shared LEGACY_LICENSES). One
-- statement: products_touch_updated_at moves each changed row's updated_at, so the search index
-- (and a snapshot taken before) re-reads them; the search words trigger finds no text changed and
-- product_counts is kept only for status, category and deletion, which stay.
UPDATE "products" SET "license" = CASE "license"
    WHEN 'standard' THEN 'commercial-single-seat'
    WHEN 'extended' THEN 'commercial-team'
    WHEN 'commercial' THEN 'commercial-team'
    WHEN 'open-source' THEN 'mit'
  END
  WHERE "license" IN ('standard', 'extended', 'commercial', 'open-source');
