import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../src/db/client';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/db/embedded';
import { adminQuery, databaseUrl } from './database-url';

/**
 * One PostgreSQL server per test run: the embedded one by default, or the server named by
 * TEST_DATABASE_URL. A migrated template database is made once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let tempDir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-test-pg-'));
    embedded = await startEmbeddedPostgres(tempDir);
    serverUrl = embedded.url('postgres');
  }
  const template = `mkt_template_${process.pid}`;
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template}`);
  await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
  await migrateDatabase(databaseUrl(serverUrl, template));

  project.provide('testDatabase', { serverUrl, template, embedded: Boolean(embedded) });

  return async () => {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
    await embedded?.stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { serverUrl: string; template: string; embedded: boolean };
  }
}
