// The in-process search index on the 100k bench catalogue (bench/.data, seeded by `npm run
// bench:catalogue` or `DATA_DIR=bench/.data npm run seed -- --products 100000`): build time and
// memory, then per-query time over the distinct long-tail queries of bench/search-queries.ts,
// in process (correction + index, no HTTP): without rows, and with the page's rows loaded from
// PostgreSQL; the SQL path on a sample for comparison, checking that both return the same ids.
// Prints figures; asserts nothing. BENCH_QUERIES limits the in-memory pass (default 200,000).
import fs from 'node:fs';
import path from 'node:path';
import { productListQuerySchema } from '@app/shared';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';
import { prepareDatabase } from '../apps/api/src/db/setup';
import { SearchDictionary } from '../apps/api/src/modules/catalog/dictionary';
import { listProducts } from '../apps/api/src/modules/catalog/repository';
import { SearchIndex } from '../apps/api/src/modules/catalog/search-index';
import { correctQuery, queryWords } from '../apps/api/src/modules/catalog/typos';
import { root } from './lib';
import { searchQueries } from './search-queries';

// BENCH_DATA_DIR: another seeded catalogue (e.g. the 1M one of bench:catalogue; the index is built from the database).
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(root, 'bench/.data');
if (!fs.existsSync(path.join(dataDir, 'bulk-seeded-v2'))) {
  console.error(`${dataDir} is not seeded: run \`npm run bench:catalogue\` once (or the seed command above)`);
  process.exit(1);
}
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200_000);
const WITH_ROWS = 5_000;
const SQL_SAMPLE = 300;

const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
const database = await prepareDatabase(config, () => {});
const db = createDatabase(database.url, 4);
const gc = (globalThis as { gc?: () => void }).gc;
const memory = () => {
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

try {
  const dictionary = await new SearchDictionary(db, 60_000).current();
  // From the snapshot the server saved beside the data, when there is one (seconds instead of minutes at 1M); BENCH_FROM_DATABASE=1 loads from PostgreSQL.
  const snapshot = path.join(dataDir, 'search-index.snapshot');
  const fromSnapshot = fs.existsSync(snapshot) && process.env.BENCH_FROM_DATABASE !== '1';
  const index = new SearchIndex(db, 60_000, fromSnapshot ? snapshot : undefined);
  const before = memory();
  const started = performance.now();
  await index.load();
  const buildMs = performance.now() - started;
  const after = memory();
  const stats = index.stats();
  console.log(
    `index of ${stats?.products.toLocaleString('en-US')} products, ${stats?.lexemes.toLocaleString('en-US')} lexemes: ` +
      `${fromSnapshot ? 'loaded from the snapshot' : 'built from the database'} in ${(buildMs / 1000).toFixed(1)} s; heap + array buffers +${((after - before) / 2 ** 20).toFixed(0)} MiB` +
      `${gc ? '' : ' (run with --expose-gc for a settled figure)'}; estimated ${((stats?.bytes ?? 0) / 2 ** 20).toFixed(0)} MiB of arrays and strings`,
  );

  const urls = searchQueries(200_000).urls.slice(0, QUERIES);
  const parsed = urls.map((url) => {
    const query = productListQuerySchema.parse(Object.fromEntries(new URL(url, 'http://x').searchParams));
    return { query, words: correctQuery(dictionary, queryWords(query.search ?? '')) };
  });
  // Teach the index every word first, so the timed pass measures the index, not first-seen word lookups.
  const allWords = [...new Set(parsed.flatMap((p) => p.words.flatMap((w) => w.alternatives.map((a) => a.word))))];
  for (let i = 0; i < allWords.length; i += 5000) await index.learn(allWords.slice(i, i + 5000));

  const percentile = (times: number[], p: number) => {
    const sorted = [...times].sort((a, b) => a - b);
    return (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number).toFixed(2);
  };
  const report = (name: string, times: number[]) =>
    console.log(
      `${name}: ${times.length.toLocaleString('en-US')} queries, p50 ${percentile(times, 50)} ms, p99 ${percentile(times, 99)} ms, max ${percentile(times, 100)} ms`,
    );

  const inMemory: number[] = [];
  let unanswered = 0;
  // CPU time as well as wall time: on a busy machine the wall time of each query is mostly waiting.
  const cpuBefore = process.cpuUsage();
  for (const { query } of parsed) {
    const t0 = performance.now();
    const words = correctQuery(dictionary, queryWords(query.search ?? ''));
    const result = await index.find(query, words);
    inMemory.push(performance.now() - t0);
    if (!result) unanswered += 1;
    if (inMemory.length % 20_000 === 0) console.log(`  … ${inMemory.length.toLocaleString('en-US')}`);
  }
  const cpu = process.cpuUsage(cpuBefore);
  report('correction + index, no rows', inMemory);
  console.log(
    `  CPU per query ${((cpu.user + cpu.system) / 1000 / inMemory.length).toFixed(3)} ms (user + system, this process)`,
  );
  if (unanswered > 0) console.log(`  ${unanswered} queries left to the SQL path (a word PostgreSQL splits)`);

  const withRows: number[] = [];
  for (const { query, words } of parsed.slice(0, WITH_ROWS)) {
    const t0 = performance.now();
    await index.search(query, words);
    withRows.push(performance.now() - t0);
  }
  report('index + the page rows it holds as JSON', withRows);

  const viaSql: number[] = [];
  let same = 0;
  for (const { query, words } of parsed.slice(-SQL_SAMPLE)) {
    const t0 = performance.now();
    const page = await listProducts(db, query, { kind: 'public' }, words);
    viaSql.push(performance.now() - t0);
    const indexed = await index.search(query, words);
    if (indexed && indexed.ids.join() === page.rows.map((r) => r.id).join()) same += 1;
  }
  report('SQL path (for comparison)', viaSql);
  console.log(`same ids in the same order on both paths: ${same} of ${viaSql.length}`);
} finally {
  await db.$client.end();
  await database.embedded?.stop();
}
