import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { queueProductUpdate } from './index';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('queueProductUpdate', () => {
  it("stores the update in the caller's transaction, and nothing when that transaction rolls back", async () => {
    const seller = await createUser(t.db, 'seller');
    const product = await createProduct(t.db, seller);
    const { id } = await t.db.transaction((tx) =>
      queueProductUpdate(tx, { productId: product.id, kind: 'version', title: 'Version 1.1', body: '- faster', versionId: null }),
    );
    const stored = await t.db.execute(sql`select kind, title, fanout_done_at from product_updates where id = ${id}`);
    expect(stored.rows).toEqual([{ kind: 'version', title: 'Version 1.1', fanout_done_at: null }]);

    await expect(
      t.db.transaction(async (tx) => {
        await queueProductUpdate(tx, { productId: product.id, kind: 'note', title: 'Rolled back', body: 'x' });
        throw new Error('the approval failed');
      }),
    ).rejects.toThrow('the approval failed');
    const rolledBack = await t.db.execute(sql`select 1 from product_updates where title = 'Rolled back'`);
    expect(rolledBack.rows).toEqual([]);
  });
});
