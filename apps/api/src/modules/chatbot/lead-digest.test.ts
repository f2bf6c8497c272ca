// @database-server: advisory locks
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, decodedOutbox, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/client';
import { createDeps } from '../../deps';
import type { AppDeps } from '../../lib/context';
import type { UserRow } from '../users/repository';
import { sendLeadDigest } from './lead-digest';
import { insertLead, insertSession } from './repository';

let t: TestApp;
let admin: UserRow;
// The server as DATABASE_POOL_MAX=1 runs it: one pooled connection for the digest and every request.
let single: { db: Database; deps: AppDeps; app: Awaited<ReturnType<typeof buildApp>> };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, 'admin');
  const session = await insertSession(t.db, null);
  await insertLead(t.db, { sessionId: session.id, name: 'Pool Lead', email: 'pool.lead@example.com', need: 'A scraper' });
  const db = createDatabase(t.config.databaseUrl as string, 1);
  const deps = createDeps(t.config, db, { embeddedDatabase: false, log: () => {} });
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  single = { db, deps, app };
});
afterAll(async () => {
  await single.app.close();
  await single.db.$client.end();
  await t.close();
});

describe('lead digest on a one-connection pool', () => {
  it('sends the digest without asking the pool for a second connection, and the site keeps answering', async () => {
    // The digest's transaction holds the only connection: a read through the pool inside it waits forever.
    expect(await sendLeadDigest(single.deps)).toBe(1);
    const mails = decodedOutbox(t.config).filter((mail) => mail.to.includes(admin.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('New custom chatbot lead: Pool Lead');
    expect(mails[0]?.body).toContain('pool.lead@example.com');
    // The connection went back to the pool: a request on the same pool is answered.
    const health = await single.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode, health.body).toBe(200);
    // Nothing is listed twice.
    expect(await sendLeadDigest(single.deps)).toBe(0);
  });
});
