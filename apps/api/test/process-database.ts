import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { adminQuery, databaseUrl } from './database-url';

export interface ProcessDatabase {
  /** True when the spawned server starts its own embedded PostgreSQL under its DATA_DIR. */
  embedded: boolean;
  /** Environment for the spawned server: empty for the embedded default, else DATABASE_URL (and what goes with it). */
  env: Record<string, string>;
  /** Drops the database made for the process, if any. */
  drop(): Promise<void>;
}

/**
 * The database a spawned server process (server.test, shutdown.test) runs on. By default none is
 * made: the process starts its own embedded PostgreSQL under its DATA_DIR, the path a new user takes.
 * With TEST_DATABASE_URL, a fresh clone of the migrated template on that server, passed as
 * DATABASE_URL, so the real process runs on the server CI checks (PostgreSQL 15), as in production.
 * `seedDemo` keeps the demo data the embedded default seeds (an external database is not seeded
 * unless SEED_DEMO says so).
 */
export async function processDatabase(options: { seedDemo?: boolean } = {}): Promise<ProcessDatabase> {
  const { serverUrl, template, embedded } = inject('testDatabase');
  if (embedded) return { embedded: true, env: {}, drop: async () => {} };
  const name = `mkt_process_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return {
    embedded: false,
    env: { DATABASE_URL: databaseUrl(serverUrl, name), ...(options.seedDemo ? { SEED_DEMO: 'true' } : {}) },
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
