import { CATEGORIES } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { Storage } from '../../lib/storage';
import { notifyCatalogChanged } from '../../modules/catalog/service';
import type { Database } from '../client';
import { type BulkText, bulkTextGenerator } from './bulk-text';
import { BULK_CARD_VARIANTS, bulkCards } from './cards';
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
  // Licences and listing cards by category and a variant from the row number (cards.ts).
  const { licenses, cards } = bulkCards(categories);
  const variant = sql.raw(
    `1 + (i % ${categories.length})::int * ${BULK_CARD_VARIANTS} + ((i / ${categories.length}) % ${BULK_CARD_VARIANTS})::int`,
  );
  const wordsOf = await namedWords(db, [...sellerNames, ...categories]);
  const started = Date.now();
  const nextText = bulkTextGenerator();
  let next = 0;
  let done = 0;
  // Two batches in flight keep both of PostgreSQL's cores busy (texts are made here meanwhile).
  const load = async () => {
    while (next < total) {
      const offset = next;
      const end = Math.min(offset + BATCH, total);
      next = end;
      const texts = Array.from({ length: end - offset }, nextText);
      const words = batchWords(texts, (k) => {
        const i = offset + k + 1; // the row number the insert below gives the k-th text
        return [wordsOf(sellerNames[i % sellerNames.length] as string), wordsOf(categories[i % categories.length] as string)];
      });
      await db.transaction(async (tx) => {
        // Synthetic rows: a crash loses the last batches, never the database's consistency.
        await tx.execute(sql`set local synchronous_commit = off`);
        // No triggers for this session's batch: the statements below do their work once for the
        // whole batch (see TRIGGERS_DONE_HERE), so the counts and search words commit with the rows.
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`
      with added as (
      insert into products (seller_id, seller_name, title, short_description, description, price_cents, original_price_cents,
        category, license, card, status, featured, rating_average, review_count, sales_count, images, created_at)
      select
        (${sql.param(sellerIds)}::uuid[])[1 + (i % ${sql.raw(String(sellerIds.length))})::int],
        (${sql.param(sellerNames)}::text[])[1 + (i % ${sql.raw(String(sellerNames.length))})::int],
        t.title,
        t.short_description,
        t.description,
        500 + (i * 37 % 200) * 100,
        case when i % 4 = 0 then 500 + (i * 37 % 200) * 100 + 1500 end,
        (${sql.param(categories)}::text[])[1 + (i % ${sql.raw(String(categories.length))})::int],
        (${sql.param(licenses)}::text[])[${variant}],
        (${sql.param(cards)}::jsonb[])[${variant}],
        'approved',
        i % 500 = 0,
        round((1 + (i * 13 % 41) / 10.0)::numeric, 2),
        i % 40,
        (i * 7919) % 1000,
        array['product-images/category-' || (${sql.param(categories)}::text[])[1 + (i % ${sql.raw(String(categories.length))})::int] || '.svg'],
        now() - make_interval(secs => i * 37)
      from unnest(${sql.param(texts.map((t) => t.title))}::text[], ${sql.param(texts.map((t) => t.shortDescription))}::text[],
        ${sql.param(texts.map((t) => t.description))}::text[]) with ordinality as t(title, short_description, description, n),
      lateral (select ${sql.raw(String(offset))}::bigint + t.n as i) r
      -- Rows in category order, as before, so the table is laid out the same.
      order by 8
      returning status, category, deleted_at)
      -- What products_count_insert_delete adds per row, added once per (status, category).
      insert into product_counts (status, category, total)
      select status, category, count(*)::int from added where deleted_at is null group by status, category order by status, category
      on conflict (status, category) do update set total = product_counts.total + excluded.total`);
        // What products_search_words_insert does for the statement (counts and search words lock
        // their rows in this order in both batches in flight, so they cannot deadlock).
        await tx.execute(
          sql`select search_words_apply(${sql.param(words.map(([word]) => word))}::text[], ${sql.param(words.map(([, n]) => n))}::int[])`,
        );
      });
      done += end - offset;
      if (done % 50_000 === 0 || done === total)
        log(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} products`);
    }
  };
  await checkInsertTriggers(db);
  const timed = async (phase: string, run: () => Promise<unknown>) => {
    const phaseStarted = Date.now();
    await run();
    log(`  ${phase} in ${((Date.now() - phaseStarted) / 1000).toFixed(1)} s`);
  };
  if (total >= REBUILD_INDEXES_FROM)
    await withoutSecondaryIndexes(db, log, () => timed('products loaded', () => Promise.all([load(), load()])));
  else await timed('products loaded', load);
  await timed('products analyzed', () => db.execute(sql`analyze products`));
  // What products_catalog_changed does per statement, once: instances listening catch up.
  await notifyCatalogChanged(db);
  log(`bulk catalogue seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Words per product and the number of products using each, as the statement trigger counts them
 * with search_words_of (migration 0008): the distinct runs of letters and digits, 2 to 40 long,
 * of the lower-cased title, descriptions, category and seller name. `named(k)` gives the words of
 * the k-th product's seller name and category.
 */
function batchWords(texts: BulkText[], named: (k: number) => string[][]): [string, number][] {
  const used = new Map<string, number>();
  texts.forEach((text, k) => {
    const words = new Set<string>();
    for (const part of [text.title, text.shortDescription, text.description]) asciiWords(part, words);
    for (const list of named(k)) for (const word of list) words.add(word);
    for (const word of words) used.set(word, (used.get(word) ?? 0) + 1);
  });
  return [...used];
}

/**
 * The generator writes ASCII only, where lower() is A-Z to a-z and [[:alnum:]] is a-z and 0-9 in
 * every locale, so these are the words search_words_of finds (the database's regular expression
 * costs more than the rest of the insert together).
 */
function asciiWords(text: string, into: Set<string>): void {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`Bulk text is not printable ASCII: ${text.slice(0, 80)}`);
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) if (word.length >= 2 && word.length <= 40) into.add(word);
}

/** search_words_of's words of a few names (sellers', categories'), found by the database itself. */
async function namedWords(db: Database, names: string[]): Promise<(name: string) => string[]> {
  const rows = await db.execute<{ name: string; words: string[] }>(sql`
    select n as name, array(select distinct w from regexp_split_to_table(lower(n), '[^[:alnum:]]+') as w
      where length(w) between 2 and 40) as words
    from unnest(${sql.param(names)}::text[]) as n`);
  const found = new Map(rows.rows.map((row) => [row.name, row.words]));
  return (name) => found.get(name) ?? [];
}

/**
 * The triggers that fire on inserting a product, all of whose work the bulk insert does itself
 * (the foreign key's check included: its sellers were just read from users). A new one must be
 * added to that statement before bulk seeding runs again, or it would be skipped silently.
 */
const TRIGGERS_DONE_HERE = ['products_count_insert_delete', 'products_search_words_insert', 'products_catalog_changed'];

async function checkInsertTriggers(db: Database): Promise<void> {
  const allowed = await db.execute<{ allowed: boolean }>(
    sql`select current_setting('is_superuser') = 'on' or has_parameter_privilege('session_replication_role', 'SET') as allowed`,
  );
  if (!allowed.rows[0]?.allowed)
    throw new Error('Bulk seeding needs a superuser (or SET on session_replication_role) to insert without row triggers.');
  // tgtype bit 4 (value 4): fires on INSERT; internal triggers are the foreign keys'.
  const triggers = await db.execute<{ name: string }>(sql`
    select tgname as name from pg_trigger
    where tgrelid = 'products'::regclass and not tgisinternal and tgtype & 4 <> 0 order by tgname`);
  const unknown = triggers.rows.map((row) => row.name).filter((name) => !TRIGGERS_DONE_HERE.includes(name));
  if (unknown.length > 0)
    throw new Error(`Bulk seeding does not do the work of these insert triggers on products: ${unknown.join(', ')}`);
}

const BATCH = 5_000;
/** From this many new rows, dropping the catalogue's indexes and building them once is faster than keeping them. */
const REBUILD_INDEXES_FROM = 100_000;

/**
 * Runs a bulk load with the products table's secondary indexes dropped, then builds each index
 * once. The definitions are kept in a table first, so a load killed half-way gets its indexes
 * back at the next seed (they are rebuilt before anything else).
 */
export async function withoutSecondaryIndexes(db: Database, log: (message: string) => void, load: () => Promise<unknown>) {
  await db.execute(sql`create table if not exists bulk_seed_dropped_indexes (name text primary key, definition text not null)`);
  await restoreIndexes(db, log);
  await db.execute(sql`
    insert into bulk_seed_dropped_indexes (name, definition)
    select indexname, indexdef from pg_indexes
    where schemaname = current_schema() and tablename = 'products'
      and indexname not in (select conname from pg_constraint where conrelid = 'products'::regclass)`);
  const dropped = await db.execute<{ name: string }>(sql`select name from bulk_seed_dropped_indexes order by name`);
  for (const { name } of dropped.rows) await db.execute(sql`drop index if exists ${sql.identifier(name)}`);
  try {
    await load();
  } finally {
    await restoreIndexes(db, log);
  }
}

/**
 * Builds the saved indexes one after the other, each with PostgreSQL's parallel workers (GIN too,
 * since PostgreSQL 18): at 100,000 products that built the full-text index in 9.6 s against 15.3 s
 * for two indexes at once on one core each.
 */
async function restoreIndexes(db: Database, log: (message: string) => void): Promise<void> {
  const saved = await db.execute<{ name: string; definition: string }>(
    sql`select name, definition from bulk_seed_dropped_indexes order by name`,
  );
  if (saved.rows.length === 0) return;
  const started = Date.now();
  for (const { name, definition } of saved.rows) {
    const indexStarted = Date.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
      await tx.execute(sql.raw(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')));
      await tx.execute(sql`delete from bulk_seed_dropped_indexes where name = ${name}`);
    });
    log(`  index ${name} built in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s`);
  }
  log(`  ${saved.rows.length} indexes built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
