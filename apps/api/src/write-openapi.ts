import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/client';
import { createDeps } from './deps';

/**
 * Writes the OpenAPI document that /api/v1/openapi.json serves, without a database or a listening
 * server: building the app only registers routes (the pool connects on first query, and none runs).
 * Test mode, so the development-only routes are described too. Usage: write-openapi.ts <out.json>
 */
async function writeOpenApi(outFile: string): Promise<void> {
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
    fs.writeFileSync(outFile, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  } finally {
    await app.close();
    await db.$client.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const outFile = process.argv[2];
if (!outFile) throw new Error('usage: write-openapi.ts <out.json>');
await writeOpenApi(outFile);
