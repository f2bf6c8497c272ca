// @database-server: the seller's product form prices a product at $0 or as pay-what-you-want
import { describe, expect, it } from 'vitest';
import { addProductFile, adminTestApp, createProduct } from '../../../test/factories';
import { type FormPart, multipartForm } from '../../../test/helpers';

/** Free and pay-what-you-want on the product form (docs/decisions/0042). */

const { t, cast } = adminTestApp();

const fields = (values: Record<string, string>): FormPart[] => Object.entries(values).map(([name, value]) => ({ name, value }));

function send(method: 'POST' | 'PUT', url: string, parts: FormPart[]) {
  const form = multipartForm(parts);
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${cast.seller.token}` },
  });
}

const BASE = {
  title: 'Prompt Garden',
  description: 'A garden of prompts that grow with your writing, tended weekly.',
  category: 'ai-tools',
};
const FILE: FormPart = { name: 'files', filename: 'garden.zip', data: Buffer.from('garden') };

describe('the product form', () => {
  it('lists a product at $0 as free, and refuses a price between $0 and $0.50 or an empty one', async () => {
    const free = await send('POST', '/seller/products', [...fields({ ...BASE, price: '0' }), FILE]);
    expect(free.statusCode).toBe(201);
    expect(free.json().product).toMatchObject({ price: 0, pay_what_you_want: false, suggested_price: null });

    const cents = await send('POST', '/seller/products', [...fields({ ...BASE, price: '0.2' }), FILE]);
    expect(cents.statusCode).toBe(422);
    expect(cents.json().errors[0]).toMatchObject({ field: 'price', message: 'Price must be $0 (free) or at least $0.50' });
    const empty = await send('POST', '/seller/products', [...fields({ ...BASE, price: '' }), FILE]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0]).toMatchObject({ field: 'price', message: 'Price must be a number' });
  });

  it('switches pay-what-you-want on with a minimum (may be $0) and a suggested price not below it', async () => {
    const missing = await send('POST', '/seller/products', [...fields({ ...BASE, price: '2', pay_what_you_want: 'true' }), FILE]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0]).toMatchObject({ field: 'suggested_price', message: 'Suggested price is required' });
    const below = await send('POST', '/seller/products', [
      ...fields({ ...BASE, price: '2', pay_what_you_want: 'true', suggested_price: '1' }),
      FILE,
    ]);
    expect(below.statusCode).toBe(422);
    expect(below.json().errors[0].messageId).toBe('products.suggestedNotBelowMinimum');

    const made = await send('POST', '/seller/products', [
      ...fields({ ...BASE, price: '0', pay_what_you_want: 'true', suggested_price: '9.5' }),
      FILE,
    ]);
    expect(made.statusCode).toBe(201);
    expect(made.json().product).toMatchObject({ price: 0, pay_what_you_want: true, suggested_price: 9.5 });
  });

  it('on a live product, switching pay-what-you-want on waits for review like a price change, then sells that way', async () => {
    const live = await createProduct(t.db, cast.seller.user, { priceCents: 1500, status: 'approved' });
    await addProductFile(t.deps, live.id, 'tool.zip', 'tool');
    const tooHigh = await send(
      'PUT',
      `/seller/products/${live.id}`,
      fields({ price: '30', pay_what_you_want: 'true', suggested_price: '20' }),
    );
    expect(tooHigh.statusCode).toBe(422);

    const edited = await send(
      'PUT',
      `/seller/products/${live.id}`,
      fields({ price: '5', pay_what_you_want: 'true', suggested_price: '20' }),
    );
    expect(edited.statusCode).toBe(200);
    const before = (await t.app.inject({ url: `/api/v1/products/${live.id}` })).json();
    expect(before).toMatchObject({ price: 15, pay_what_you_want: false });

    const queue = (await cast.admin.call('GET', '/admin/product-changes?limit=100')).json();
    const id = queue.changes.find((c: { product_id: string }) => c.product_id === live.id).id;
    const review = (await cast.admin.call('GET', `/admin/product-revisions/${id}`)).json();
    expect(review.changes).toEqual([
      { field: 'price', before: 15, after: 5 },
      { field: 'suggested_price', before: null, after: 20 },
    ]);
    expect((await cast.admin.call('PUT', `/admin/product-revisions/${id}/approve`)).statusCode).toBe(200);
    const after = (await t.app.inject({ url: `/api/v1/products/${live.id}` })).json();
    expect(after).toMatchObject({ price: 5, pay_what_you_want: true, suggested_price: 20 });
  });

  it('refuses a second edit that, folded into the waiting one, would put the suggested price below the minimum', async () => {
    const live = await createProduct(t.db, cast.seller.user, { priceCents: 500, pwywSuggestedCents: 1000, status: 'approved' });
    await addProductFile(t.deps, live.id, 'tool.zip', 'tool');
    expect((await send('PUT', `/seller/products/${live.id}`, fields({ price: '15', suggested_price: '20' }))).statusCode).toBe(
      200,
    );
    // Against the live minimum ($5) $12 is fine; against the waiting one ($15) it is not.
    const second = await send('PUT', `/seller/products/${live.id}`, fields({ suggested_price: '12' }));
    expect(second.statusCode).toBe(422);
    expect(second.json().detail).toBe('The suggested price must not be lower than the minimum price');
  });
});
