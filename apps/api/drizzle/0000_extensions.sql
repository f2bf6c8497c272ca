-- Trigram matching for typo-tolerant catalogue search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
