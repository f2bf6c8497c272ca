// The search index's in-place compaction (decision 0032) on a seeded bench catalogue
// (BENCH_DATA_DIR, e.g. the 1M one of bench:catalogue, whose server left its snapshot there): the
// index starts from that snapshot as a server does, then BENCH_CHANGED (default 0.4) of the
// products change in PostgreSQL: each leaves a dead slot and takes a new one, so 0.4 passes the
// quarter of dead slots (0.4 / 1.4) that starts a compaction. The next
// refresh applies the changes and compacts. Prints how long the event loop was held (the longest
// wait a search arriving then would have), the refresh's time, and memory before and after.
// Writes to the bench database (updated_at of the changed products, triggers skipped); asserts nothing.
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { productListQuerySchema } from '@app/shared';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';
import { prepareDatabase } from '../apps/api/src/db/setup';
import { SearchIndex } from '../apps/api/src/modules/catalog/search-index';
import { root } from './lib';

const dataDir = process.env.BENCH_DATA_DIR ?? path.join(root, 'bench/.data');
const snapshot = path.join(dataDir, 'search-index.snapshot');
if (!fs.existsSync(snapshot)) {
  console.error(`${snapshot} is missing: run \`npm run bench:catalogue\` once with this BENCH_DATA_DIR`);
  process.exit(1);
}
const CHANGED = Number(process.env.BENCH_CHANGED ?? 0.4);
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
const database = await prepareDatabase(config, () => {});
const db = createDatabase(database.url, 4);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const rss = () => process.memoryUsage().rss;

try {
  // Checks for changes every second (a server: CATALOG_CACHE_MS, or at once by notification).
  const index = new SearchIndex(db, 1_000, snapshot);
  let started = performance.now();
  await index.load();
  const before = index.stats();
  console.log(
    `index from ${before?.loadedFrom} in ${(performance.now() - started).toFixed(0)} ms: ${before?.products} products, ` +
      `${before?.slots} slots, ${before?.compactions} compaction(s) while catching up with the snapshot, ${mib(before?.bytes ?? 0)} counted, RSS ${mib(rss())}`,
  );

  const total = before?.products ?? 0;
  const count = Math.round(total * CHANGED);
  started = performance.now();
  // Only updated_at moves, which the index follows by its watermark: the products' triggers (search
  // words, notifications) are skipped for this session, or 400,000 rows take many minutes.
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    await client.query("set local session_replication_role = 'replica'");
    await client.query(
      `update products set updated_at = now() where id in (
         select id from products where status = 'approved' and deleted_at is null order by id limit $1)`,
      [count],
    );
    await client.query('commit');
  } finally {
    client.release();
  }
  console.log(`${count} products changed in PostgreSQL in ${(performance.now() - started).toFixed(0)} ms`);

  // Searches keep arriving: one browse every 5 ms; the event loop's delay shows how long any of them waited.
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const query = productListQuerySchema.parse({ category: 'datasets', sort_by: 'price' });
  let answered = 0;
  let slowest = 0;
  const visitor = setInterval(() => {
    const sent = performance.now();
    void index.browse(query).then(() => {
      answered += 1;
      slowest = Math.max(slowest, performance.now() - sent);
    });
  }, 5);
  delay.enable();
  started = performance.now();
  // Done when compacted, or (below the compaction's threshold) when every change took its slot.
  const done = () => {
    const now = index.stats();
    return (now?.compactions ?? 0) > (before?.compactions ?? 0) || (now?.slots ?? 0) >= (before?.slots ?? 0) + count;
  };
  while (!done() && performance.now() - started < 600_000) await new Promise((resolve) => setTimeout(resolve, 20));
  const refreshMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 500));
  clearInterval(visitor);
  delay.disable();
  const after = index.stats();
  console.log(
    `changes applied ${refreshMs.toFixed(0)} ms after the searches began: ${(after?.compactions ?? 0) - (before?.compactions ?? 0)} compaction(s), ` +
      `${after?.slots} slots for ${after?.products} products, ${mib(after?.bytes ?? 0)} counted, RSS ${mib(rss())}`,
  );
  console.log(
    `event loop held at most ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms); ` +
      `${answered} browses answered meanwhile, the slowest in ${slowest.toFixed(0)} ms`,
  );
  const steps = index.compactionSteps();
  if (steps)
    console.log(
      `compaction steps: ${Object.entries(steps)
        .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
        .join(', ')}`,
    );
  await index.settled();
} finally {
  await db.$client.end();
  await database.embedded?.stop();
}
