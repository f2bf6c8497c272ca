import type { Config } from '../config';
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
    embedded = await startEmbeddedPostgres(config.dataDir, log);
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
