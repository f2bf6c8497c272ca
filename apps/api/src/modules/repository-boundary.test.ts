import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One way to reach the database: a module's SQL lives in its repository.ts (or repository-*.ts).
 * Every other source file of a module (routes, services, providers) may open a transaction and
 * pass `tx` along, but may not build a query. What counts as building one, precisely:
 * - a value import from 'drizzle-orm' (operators such as eq/and/sql, or the sql template);
 *   `import type` is fine;
 * - a call of select/selectDistinct/insert/update/delete/execute/query on anything named `db` or
 *   `tx` (`deps.db.select(`, `tx.execute(`, `db\n  .insert(` …).
 * `db.transaction(` is allowed: services own the transactions.
 */

/**
 * Modules still being converted (none now; a module being moved over may be listed here while it
 * is). The second test fails once an entry here has nothing left to convert: delete it then.
 */
const PENDING_MODULES: string[] = [];

const MODULES_DIR = __dirname;
const VALUE_IMPORT_FROM_DRIZZLE = /^import\s+(?!type\b)[^;]*?from\s+'drizzle-orm'/m;
const QUERY_CALL = /\b(db|tx)\s*\.\s*(select|selectDistinct|insert|update|delete|execute|query)\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function isDataLayer(path: string): boolean {
  const name = path.split('/').pop() ?? '';
  return /^repository(-[a-z0-9-]+)?\.ts$/.test(name) || name.endsWith('.test.ts');
}

function buildsQueries(path: string): boolean {
  const text = readFileSync(path, 'utf8');
  return VALUE_IMPORT_FROM_DRIZZLE.test(text) || QUERY_CALL.test(text);
}

/** Module-relative paths of the non-repository files that build queries. */
function offenders(): string[] {
  return sourceFiles(MODULES_DIR)
    .filter((path) => !isDataLayer(path) && buildsQueries(path))
    .map((path) => relative(MODULES_DIR, path));
}

const moduleOf = (path: string) => path.split('/')[0] ?? path;

describe('SQL lives in repositories', () => {
  const found = offenders();

  it('no route, service or provider file builds a query outside the modules still pending', () => {
    expect(found.filter((path) => !PENDING_MODULES.includes(moduleOf(path)))).toEqual([]);
  });

  it('every pending module still has something to convert (empty the list as they finish)', () => {
    const done = PENDING_MODULES.filter((module) => !found.some((path) => moduleOf(path) === module));
    expect(done).toEqual([]);
  });
});
