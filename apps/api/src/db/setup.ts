import type { Config } from '../config';
import { acquireInstanceLock } from '../lib/instance-lock';
import { ensureDatabaseExists, migrateDatabase } from './client';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded';

const EMBEDDED_DATABASE = 'marketplace';

export interface DatabaseHandle {
  url: string;
  embedded: EmbeddedPostgres | undefined;
}

/** Finds (or starts) the PostgreSQL server, creates our database if needed, and applies migrations. */
export async function prepareDatabase(config: Config, log: (message: string) => void): Promise<DatabaseHandle> {
  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const releaseLock = acquireInstanceLock(config.dataDir);
    const server = await startEmbeddedPostgres(config.dataDir, log);
    embedded = {
      url: server.url,
      async stop() {
        await server.stop();
        releaseLock();
      },
    };
    await ensureDatabaseExists(embedded.url('postgres'), EMBEDDED_DATABASE);
    url = embedded.url(EMBEDDED_DATABASE);
  }
  try {
    await migrateDatabase(url);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  return { url, embedded };
}
