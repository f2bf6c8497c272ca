import { CATEGORIES, LICENSES } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { Storage } from '../../lib/storage';
import type { Database } from '../client';
import { coverSvg } from './covers';

const ADJECTIVES = [
  'Smart',
  'Rapid',
  'Neural',
  'Deep',
  'Open',
  'Secure',
  'Quantum',
  'Lean',
  'Adaptive',
  'Visual',
  'Semantic',
  'Realtime',
  'Robust',
  'Tiny',
  'Enterprise',
  'Local',
  'Hybrid',
  'Private',
  'Fast',
  'Clever',
];
const NOUNS = [
  'Chatbot',
  'Summarizer',
  'Classifier',
  'Scraper',
  'Forecaster',
  'Translator',
  'Detector',
  'Generator',
  'Assistant',
  'Analyzer',
  'Pipeline',
  'Dataset',
  'Embedder',
  'Tagger',
  'Extractor',
  'Recommender',
  'Transcriber',
  'Optimizer',
  'Moderator',
  'Planner',
];
const DOMAINS = [
  'for Retail',
  'for Healthcare',
  'for Finance',
  'for Support Teams',
  'for Marketing',
  'for Developers',
  'for Legal',
  'for Education',
  'for Logistics',
  'for Startups',
  'for Media',
  'for HR',
];

/**
 * Adds `total` synthetic approved products (for benchmarks), generated inside PostgreSQL in
 * batches. Titles combine word lists so search has realistic selectivity.
 */
export async function seedBulkCatalogue(
  db: Database,
  storage: Storage,
  total: number,
  log: (message: string) => void,
): Promise<void> {
  const sellerRows = await db.execute<{ id: string; name: string }>(
    sql`select id, first_name || ' ' || last_name as name from users where role = 'seller' and deleted_at is null order by created_at limit 20`,
  );
  const sellers = sellerRows.rows;
  if (sellers.length === 0) throw new Error('No seller accounts: start the app once (demo data) before bulk seeding.');
  for (const category of CATEGORIES) {
    await storage.put(
      `product-images/category-${category.slug}.svg`,
      Buffer.from(coverSvg(category.name, category.name, category.slug, 'cover')),
    );
  }
  const sellerIds = sellers.map((s) => s.id);
  const sellerNames = sellers.map((s) => s.name);
  const categories = CATEGORIES.map((c) => c.slug);
  const licenses = LICENSES.map((l) => l.slug);
  const batch = 10_000;
  const started = Date.now();
  for (let offset = 0; offset < total; offset += batch) {
    const end = Math.min(offset + batch, total);
    await db.execute(sql`
      insert into products (seller_id, seller_name, title, short_description, description, price_cents, original_price_cents,
        category, license, status, featured, rating_average, review_count, sales_count, images, created_at)
      select
        (${sql.param(sellerIds)}::uuid[])[1 + i % ${sql.raw(String(sellerIds.length))}],
        (${sql.param(sellerNames)}::text[])[1 + i % ${sql.raw(String(sellerNames.length))}],
        t.title,
        t.title || ': ' || 'a synthetic product for load testing the catalogue.',
        'Generated product number ' || i || '. ' || t.title || ' helps teams ship AI features faster with documented, tested building blocks.',
        500 + (i * 37 % 200) * 100,
        case when i % 4 = 0 then 500 + (i * 37 % 200) * 100 + 1500 end,
        (${sql.param(categories)}::text[])[1 + i % ${sql.raw(String(categories.length))}],
        (${sql.param(licenses)}::text[])[1 + i % ${sql.raw(String(licenses.length))}],
        'approved',
        i % 500 = 0,
        round((3 + (i % 21) / 10.0)::numeric, 2),
        i % 40,
        (i * 7919) % 1000,
        array['product-images/category-' || (${sql.param(categories)}::text[])[1 + i % ${sql.raw(String(categories.length))}] || '.svg'],
        now() - make_interval(secs => i * 37)
      from generate_series(${sql.raw(String(offset + 1))}, ${sql.raw(String(end))}) as i,
      lateral (select
        (${sql.param(ADJECTIVES)}::text[])[1 + i % ${sql.raw(String(ADJECTIVES.length))}] || ' ' ||
        (${sql.param(NOUNS)}::text[])[1 + (i / ${sql.raw(String(ADJECTIVES.length))}) % ${sql.raw(String(NOUNS.length))}] || ' ' ||
        (${sql.param(DOMAINS)}::text[])[1 + (i / 7) % ${sql.raw(String(DOMAINS.length))}] || ' ' || i as title) t`);
    log(`  ${end.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} products`);
  }
  await db.execute(sql`analyze products`);
  log(`bulk catalogue seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
