import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../test/factories';
import { callAs, createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
const anyone = () => callAs(t.app, null);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('comparing products', () => {
  it('returns the public products in the order asked, and names the others as missing', async () => {
    const seller = await createUser(t.db, 'seller');
    const a = await createProduct(t.db, seller, { title: 'Alpha set', priceCents: 1999 });
    const b = await createProduct(t.db, seller, { title: 'Beta set' });
    const pending = await createProduct(t.db, seller, { status: 'pending' });
    const answer = await anyone()('GET', `/compare?ids=${b.id},${pending.id},${a.id}`);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.products.map((p: { title: string }) => p.title)).toEqual(['Beta set', 'Alpha set']);
    expect(body.products[1].price).toBe(19.99);
    expect(body.missing).toEqual([pending.id]);
    // Never scanned (approved before the safety scan existed): no date, so no "scanned" badge.
    expect(body.products[0].scanned_at).toBeNull();
  });

  it('needs 2 to 4 distinct valid ids', async () => {
    const seller = await createUser(t.db, 'seller');
    const ids = await Promise.all([1, 2, 3, 4, 5].map(async () => (await createProduct(t.db, seller)).id));
    for (const query of [`ids=${ids[0]}`, `ids=${ids[0]},${ids[0]}`, `ids=${ids.join(',')}`, '', `ids=${ids[0]},nope`]) {
      const answer = await anyone()('GET', `/compare?${query}`);
      expect(answer.statusCode, query).toBe(422);
    }
    const four = await anyone()('GET', `/compare?ids=${ids.slice(0, 4).join(',')}`);
    expect(four.json().products).toHaveLength(4);
  });
});
