import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/client';
import { createDeps } from './deps';

/**
 * The OpenAPI document that /api/v1/openapi.json serves, built without a database or a listening
 * server: building the app only registers routes (the pool connects on first query, and none runs).
 * Test mode, so the development-only routes are described too.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: `postgres:///none?host=${dataDir}`,
    JWT_SECRET: 'openapi-document-only-openapi-document-only',
    LOG_LEVEL: 'silent',
  });
  const db = createDatabase(config.databaseUrl as string, 1);
  const app = await buildApp(createDeps(config, db, { embeddedDatabase: false, log: () => {} }), { logger: false });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await db.$client.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
