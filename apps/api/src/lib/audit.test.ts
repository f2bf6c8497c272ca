import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { auditLog } from '../db/schema';
import { recordAudit } from './audit';

describe('audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('records an action and refuses to change or delete it afterwards', async () => {
    await recordAudit(t.db, {
      actorId: null,
      action: 'payout.triggered',
      subjectType: 'payout',
      subjectId: 'p-1',
      details: { amount_cents: 1234 },
    });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, 'p-1'));
    if (!row) throw new Error('the audit record was not written');
    expect(row).toMatchObject({ action: 'payout.triggered', details: { amount_cents: 1234 } });

    await expect(t.db.update(auditLog).set({ action: 'changed' }).where(eq(auditLog.id, row.id))).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, row.id))).rejects.toThrow();
    const [still] = await t.db.select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(still?.action).toBe('payout.triggered');
  });

  it('is written or dropped with the transaction that performs the action', async () => {
    await t.db
      .transaction(async (tx) => {
        await recordAudit(tx, {
          actorId: null,
          action: 'bank_account.created',
          subjectType: 'bank_account',
          subjectId: 'rolled-back',
        });
        throw new Error('the action failed');
      })
      .catch(() => {});
    expect(await t.db.select().from(auditLog).where(eq(auditLog.subjectId, 'rolled-back'))).toHaveLength(0);
  });
});
