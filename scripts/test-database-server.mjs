// `npm run test:database-server`: the API tests whose outcome depends on which PostgreSQL server runs
// them (locks, full-text search, time zones, upserts, crash recovery), marked by a first line
// `// @database-server: <why>`. CI runs them a second time on the system PostgreSQL; everything else
// gave its verdict on the first pass. Extra arguments go to Vitest.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = path.join(root, 'apps/api/src');

const marked = fs
  .readdirSync(sources, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.join(sources, file))
  .filter((file) => fs.readFileSync(file, 'utf8').startsWith('// @database-server:'))
  .map((file) => path.relative(root, file))
  .sort();

if (marked.length === 0) {
  console.error('[test] no test file is marked // @database-server:');
  process.exit(1);
}
console.log(`[test] ${marked.length} test files that depend on the database server:\n  ${marked.join('\n  ')}`);
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'api', ...marked, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
