import { describe, expect, it } from 'vitest';
import {
  addProductFile,
  adminTestApp,
  createPaidOrder,
  createProduct,
  createUser,
  FACTORY_PASSWORD,
} from '../../../test/factories';
import { callAs, signIn } from '../../../test/helpers';

/** The admin console's orders and refund decisions (/admin/orders). `cast`: the admin, the seller and a buyer, signed in. */
const { t, cast } = adminTestApp();

const as = (token: string | null) => callAs(t.app, token);

describe('orders and refunds', () => {
  it('approving a refund marks the order refunded and revokes its downloads; denying needs a reason', async () => {
    const product = await createProduct(t.db, cast.seller.user, { title: 'Refundable' });
    await addProductFile(t.deps, product.id, 'a.txt', 'a');
    const buyer = await createUser(t.db, 'buyer');
    const token = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
    const order = await createPaidOrder(t.db, buyer, product);
    const { links } = (await as(token)('GET', `/orders/${order.id}/download-links`)).json();
    expect((await t.app.inject({ method: 'GET', url: links[0].url })).statusCode).toBe(200);
    await as(token)('POST', `/orders/${order.id}/request-refund`, { reason: 'Not what I expected at all' });

    const listed = (await as(cast.admin.token)('GET', '/admin/orders?refund=requested')).json();
    expect(listed.orders.map((o: { id: string }) => o.id)).toContain(order.id);
    expect((await as(cast.admin.token)('PUT', `/admin/orders/${order.id}/refund`, { decision: 'approve' })).statusCode).toBe(200);
    expect((await as(token)('GET', `/orders/${order.id}`)).json()).toMatchObject({
      status: 'refunded',
      payment_status: 'refunded',
    });
    expect((await t.app.inject({ method: 'GET', url: links[0].url })).statusCode).toBe(403);
    expect((await as(token)('GET', `/orders/${order.id}/download-zip`)).statusCode).toBe(403);
    expect((await as(cast.admin.token)('PUT', `/admin/orders/${order.id}/refund`, { decision: 'approve' })).statusCode).toBe(409);

    const other = await createPaidOrder(t.db, buyer, product);
    await as(token)('POST', `/orders/${other.id}/request-refund`, { reason: 'Changed my mind entirely' });
    expect((await as(cast.admin.token)('PUT', `/admin/orders/${other.id}/refund`, { decision: 'deny' })).statusCode).toBe(422);
    expect(
      (await as(cast.admin.token)('PUT', `/admin/orders/${other.id}/refund`, { decision: 'deny', note: 'Downloaded already' }))
        .statusCode,
    ).toBe(200);
    expect((await as(token)('GET', `/orders/${other.id}`)).json().refund.status).toBe('denied');
  });
});
