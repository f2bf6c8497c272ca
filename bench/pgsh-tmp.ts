import pg from 'pg';
import { startEmbeddedPostgres } from '/work/wt-search/apps/api/src/db/embedded';
const pgs = await startEmbeddedPostgres('/work/wt-search/bench/.data');
const client = new pg.Client(pgs.url(process.env.DB ?? 'marketplace'));
await client.connect();
const fs = await import('node:fs');
const queries = fs.readFileSync(process.argv[2] as string, 'utf8').split(/;\s*\n/).filter((q) => q.trim());
try {
  for (const q of queries) {
    const r = await client.query(q);
    const rows = Array.isArray(r) ? r.at(-1).rows : r.rows;
    console.log('---', q.slice(0, 100).replace(/\s+/g, ' '));
    for (const row of rows.slice(0, 60)) console.log(Object.values(row).join(' | '));
  }
} finally {
  await client.end();
  await pgs.stop();
}
