import { CATEGORIES, LICENSES } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { Storage } from '../../lib/storage';
import type { Database } from '../client';
import { bulkTextGenerator } from './bulk-text';
import { coverSvg } from './covers';

/**
 * Adds `total` synthetic approved products (for benchmarks) in batches. Texts come from
 * bulk-text.ts (thousands of distinct words, realistic lengths) so search sees a real vocabulary;
 * prices, ratings and dates are derived from the row number inside PostgreSQL.
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
  const batch = 5_000;
  const started = Date.now();
  const nextText = bulkTextGenerator();
  for (let offset = 0; offset < total; offset += batch) {
    const end = Math.min(offset + batch, total);
    const texts = Array.from({ length: end - offset }, nextText);
    await db.execute(sql`
      insert into products (seller_id, seller_name, title, short_description, description, price_cents, original_price_cents,
        category, license, status, featured, rating_average, review_count, sales_count, images, created_at)
      select
        (${sql.param(sellerIds)}::uuid[])[1 + i % ${sql.raw(String(sellerIds.length))}],
        (${sql.param(sellerNames)}::text[])[1 + i % ${sql.raw(String(sellerNames.length))}],
        t.title,
        t.short_description,
        t.description,
        500 + (i * 37 % 200) * 100,
        case when i % 4 = 0 then 500 + (i * 37 % 200) * 100 + 1500 end,
        (${sql.param(categories)}::text[])[1 + i % ${sql.raw(String(categories.length))}],
        (${sql.param(licenses)}::text[])[1 + i % ${sql.raw(String(licenses.length))}],
        'approved',
        i % 500 = 0,
        round((1 + (i * 13 % 41) / 10.0)::numeric, 2),
        i % 40,
        (i * 7919) % 1000,
        array['product-images/category-' || (${sql.param(categories)}::text[])[1 + i % ${sql.raw(String(categories.length))}] || '.svg'],
        now() - make_interval(secs => i * 37)
      from unnest(${sql.param(texts.map((t) => t.title))}::text[], ${sql.param(texts.map((t) => t.shortDescription))}::text[],
        ${sql.param(texts.map((t) => t.description))}::text[]) with ordinality as t(title, short_description, description, n),
      lateral (select ${sql.raw(String(offset))} + t.n::int as i) r`);
    log(`  ${end.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} products`);
  }
  await db.execute(sql`analyze products`);
  log(`bulk catalogue seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
