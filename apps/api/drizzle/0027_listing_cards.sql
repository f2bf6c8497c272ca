-- The AI listing card (packages/shared/src/listing-card.ts): a category's structured fields and a
-- custom licence's text and summary, as one JSON document validated by the shared schema. The
-- catalogue filters on a few of its fields (framework, GPU memory, hosting) in SQL and in the search
-- index alike; the card's words are not search words (search_words_of() and the search vector are
-- unchanged), so the dictionary's trigger has nothing to do for a card change.
ALTER TABLE "products" ADD COLUMN "card" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "license" SET DEFAULT 'commercial-single-seat';
-- The first catalogue's licences (standard, extended, commercial, open-source) are not rewritten:
-- an UPDATE of every product moves each row's updated_at, adds a row version to each of the table's
-- indexes and holds every product's row lock until it commits (at 1,000,000 products: more than
-- 17 minutes on 2 cores, every sale's product update waiting meanwhile). They are read as their
-- replacement instead (packages/shared LEGACY_LICENSES: presentation, filters, facets and the
-- search index), and a seller's next edit stores the new value.
