import { VERSION_MESSAGES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addProductFile, adminTestApp, createPaidOrder, createProduct, signedInUser } from '../../../test/factories';
import { type FormPart, multipartForm } from '../../../test/helpers';
import { OS_SYSTEM_P2 } from '../../../test/scan-fixtures';
import { changedCharacters } from './revisions';

/** Editing a live product keeps it on sale (decision 0038): the edit waits as a revision for an admin. */

const { t, cast } = adminTestApp();

const DESCRIPTION = 'A longer description of a useful thing, with enough words to edit.';

async function liveProduct() {
  const product = await createProduct(t.db, cast.seller.user, {
    title: `Live ${crypto.randomUUID().slice(0, 6)}`,
    description: DESCRIPTION,
    priceCents: 1000,
    status: 'approved',
  });
  await addProductFile(t.deps, product.id, 'tool.zip', 'tool bytes');
  const order = await createPaidOrder(t.db, cast.buyer.user, product);
  return { product, order };
}

function edit(token: string, productId: string, parts: FormPart[], base = '/api/v1/seller/products') {
  const form = multipartForm(parts);
  return t.app.inject({
    method: 'PUT',
    url: `${base}/${productId}`,
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
  });
}

const fields = (values: Record<string, string>): FormPart[] => Object.entries(values).map(([name, value]) => ({ name, value }));

async function publicProduct(id: string) {
  const response = await t.app.inject({ url: `/api/v1/products/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function pendingRevisionId(productId: string): Promise<string> {
  const queue = (await cast.admin.call('GET', '/admin/product-changes?limit=100')).json();
  const entry = queue.changes.find(
    (c: { product_id: string; kind: string }) => c.product_id === productId && c.kind === 'revision',
  );
  expect(entry).toBeDefined();
  return entry.id;
}

describe('edits of a live product', () => {
  it('stay off the live listing until approved; the admin sees each field before and after; orders keep their price', async () => {
    const { product, order } = await liveProduct();
    const edited = await edit(
      cast.seller.token,
      product.id,
      fields({ title: 'Brand New Title', price: '25', short_description: 'Now even more useful' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe(VERSION_MESSAGES.editSentForReview);
    expect(edited.json().product).toMatchObject({ status: 'approved', title: product.title, price: 10 });

    // Still on sale as it was, and still downloadable by its buyer.
    expect(await publicProduct(product.id)).toMatchObject({ title: product.title, price: 10, status: 'approved' });
    expect((await cast.buyer.call('GET', `/orders/${order.id}/download-links`)).json().links).toHaveLength(1);

    const id = await pendingRevisionId(product.id);
    const review = (await cast.admin.call('GET', `/admin/product-revisions/${id}`)).json();
    expect(review.changes).toEqual([
      { field: 'title', before: product.title, after: 'Brand New Title' },
      { field: 'short_description', before: 'A useful thing', after: 'Now even more useful' },
      { field: 'price', before: 10, after: 25 },
    ]);
    expect(review).toMatchObject({ status: 'pending', auto_published: false, added_files: [], removed_files: [] });
    // The seller sees which fields wait.
    const own = (await cast.seller.call('GET', `/seller/products/${product.id}/versions`)).json();
    expect(own.pending_revision.fields).toEqual(['title', 'short_description', 'price']);

    const [first, second] = await Promise.all([
      cast.admin.call('PUT', `/admin/product-revisions/${id}/approve`),
      cast.admin.call('PUT', `/admin/product-revisions/${id}/approve`),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    expect(await publicProduct(product.id)).toMatchObject({ title: 'Brand New Title', price: 25, status: 'approved' });
    const placed = (await cast.buyer.call('GET', `/orders/${order.id}`)).json();
    expect(placed.total_amount).toBe(10);
    const [line] = (await t.db.execute(sql`select unit_price_cents from order_items where order_id = ${order.id}`)).rows;
    expect(line).toEqual({ unit_price_cents: 1000 });
    const inbox = (await cast.seller.call('GET', '/notifications')).json();
    expect(inbox.notifications.filter((n: { title: string }) => n.title === '"Brand New Title" is live')).toHaveLength(1);
    const late = await cast.admin.call('PUT', `/admin/product-revisions/${id}/reject`, { reason: 'Too late for this' });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(VERSION_MESSAGES.alreadyApproved);
  });

  it('folds a second edit into the waiting one; a rejection leaves the listing as it was and drops the edit’s files', async () => {
    const { product, order } = await liveProduct();
    await edit(cast.seller.token, product.id, fields({ title: 'First Try Title' }));
    await edit(cast.seller.token, product.id, [
      ...fields({ title: 'Second Try Title', price: '12' }),
      { name: 'files', filename: 'extra.txt', data: Buffer.from('extra') },
    ]);
    const id = await pendingRevisionId(product.id);
    const [{ n }] = (await t.db.execute(sql`select count(*)::int as n from product_revisions where product_id = ${product.id}`))
      .rows as [{ n: number }];
    expect(n).toBe(1);
    const review = (await cast.admin.call('GET', `/admin/product-revisions/${id}`)).json();
    expect(review.changes.map((c: { field: string; after: unknown }) => [c.field, c.after])).toEqual([
      ['title', 'Second Try Title'],
      ['price', 12],
    ]);
    expect(review.added_files.map((f: { file_name: string }) => f.file_name)).toEqual(['extra.txt']);
    // The waiting file is neither listed nor downloadable for buyers.
    const links = (await cast.buyer.call('GET', `/orders/${order.id}/download-links`)).json().links;
    expect(links.map((l: { file_name: string }) => l.file_name)).toEqual(['tool.zip']);

    const reject = `/admin/product-revisions/${id}/reject`;
    expect((await cast.admin.call('PUT', reject, {})).statusCode).toBe(422);
    expect((await cast.admin.call('PUT', reject, { reason: 'The new title is misleading' })).statusCode).toBe(200);
    expect((await cast.admin.call('PUT', reject, { reason: 'The new title is misleading' })).statusCode).toBe(200);
    expect((await cast.admin.call('PUT', `/admin/product-revisions/${id}/approve`)).statusCode).toBe(409);
    expect(await publicProduct(product.id)).toMatchObject({ title: product.title, price: 10 });
    const inbox = (await cast.seller.call('GET', '/notifications')).json();
    const told = inbox.notifications.filter((n: { title: string }) => n.title === `"${product.title}" was not approved`);
    expect(told).toHaveLength(1);
    expect(told[0].message).toContain('The new title is misleading');
    const [{ files }] = (
      await t.db.execute(sql`select count(*)::int as files from product_files where product_id = ${product.id}`)
    ).rows as [{ files: number }];
    expect(files).toBe(1);
  });

  it('releases an approved edit’s files into the current version, and refuses one with a dangerous file', async () => {
    const { product, order } = await liveProduct();
    await edit(cast.seller.token, product.id, [{ name: 'files', filename: 'guide.pdf', data: Buffer.from('%PDF guide') }]);
    const id = await pendingRevisionId(product.id);
    const approved = await cast.admin.call('PUT', `/admin/product-revisions/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const links = (await cast.buyer.call('GET', `/orders/${order.id}/download-links`)).json().links;
    expect(links.map((l: { file_name: string; version_label: string }) => `${l.version_label}/${l.file_name}`).sort()).toEqual([
      '1.0/guide.pdf',
      '1.0/tool.zip',
    ]);

    await edit(cast.seller.token, product.id, [{ name: 'files', filename: 'model.pkl', data: OS_SYSTEM_P2 }]);
    const dangerous = await pendingRevisionId(product.id);
    const refused = await cast.admin.call('PUT', `/admin/product-revisions/${dangerous}/approve`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe(VERSION_MESSAGES.dangerousFile);
  });

  it('lets only the product’s seller edit and only admins decide', async () => {
    const { product } = await liveProduct();
    const otherSeller = await signedInUser(t, 'seller');
    const simpleAdmin = await signedInUser(t, 'simple_admin');
    expect((await edit(otherSeller.token, product.id, fields({ title: 'Hijacked title' }))).statusCode).toBe(404);
    // Sending the live values again changes nothing and queues nothing.
    const same = await edit(cast.seller.token, product.id, fields({ title: product.title }));
    expect(same.json().message).toBe('Nothing to update');
    const [{ n }] = (await t.db.execute(sql`select count(*)::int as n from product_revisions where product_id = ${product.id}`))
      .rows as [{ n: number }];
    expect(n).toBe(0);
    expect((await edit(cast.buyer.token, product.id, fields({ title: 'Hijacked title' }))).statusCode).toBe(403);
    await edit(cast.seller.token, product.id, fields({ title: 'Honest New Title' }));
    const id = await pendingRevisionId(product.id);
    for (const caller of [cast.seller, cast.buyer, simpleAdmin]) {
      expect((await caller.call('PUT', `/admin/product-revisions/${id}/approve`)).statusCode).toBe(403);
      expect((await caller.call('GET', `/admin/product-revisions/${id}`)).statusCode).toBe(403);
      expect((await caller.call('PUT', '/admin/product-changes/settings', { minor_edit_max_chars: 50 })).statusCode).toBe(403);
    }
    expect((await cast.admin.call('GET', `/admin/product-revisions/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect(await publicProduct(product.id)).toMatchObject({ title: product.title });
  });

  it('publishes small description fixes at once only when the admin allows it; anything else still waits', async () => {
    const { product } = await liveProduct();
    const typo = DESCRIPTION.replace('useful', 'usefull');
    // Off by default: even a one-letter fix waits.
    expect((await cast.admin.call('GET', '/admin/product-changes/settings')).json()).toEqual({ minor_edit_max_chars: 0 });
    expect((await edit(cast.seller.token, product.id, fields({ description: typo }))).json().message).toBe(
      VERSION_MESSAGES.editSentForReview,
    );
    const waiting = await pendingRevisionId(product.id);
    await cast.admin.call('PUT', `/admin/product-revisions/${waiting}/reject`, { reason: 'Please fix the typo instead' });

    const bad = await cast.admin.call('PUT', '/admin/product-changes/settings', { minor_edit_max_chars: 501 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe(VERSION_MESSAGES.minorEditRange);
    expect((await cast.admin.call('PUT', '/admin/product-changes/settings', { minor_edit_max_chars: 20 })).statusCode).toBe(200);
    try {
      const fixed = await edit(cast.seller.token, product.id, fields({ description: typo }));
      expect(fixed.json().message).toBe(VERSION_MESSAGES.editPublished);
      expect((await publicProduct(product.id)).description).toBe(typo);
      const [audit] = (
        await t.db.execute(
          sql`select status, auto_published from product_revisions where product_id = ${product.id} and auto_published`,
        )
      ).rows;
      expect(audit).toEqual({ status: 'approved', auto_published: true });

      // A longer rewrite, or a title change, still waits.
      const rewrite = await edit(cast.seller.token, product.id, fields({ description: `${typo} ${'More words. '.repeat(5)}` }));
      expect(rewrite.json().message).toBe(VERSION_MESSAGES.editSentForReview);
      expect((await publicProduct(product.id)).description).toBe(typo);
    } finally {
      await cast.admin.call('PUT', '/admin/product-changes/settings', { minor_edit_max_chars: 0 });
    }
  });

  it('leaves an unpaid order placed before a price edit as it was: its total stays, and paying asks for a new checkout', async () => {
    const { product } = await liveProduct();
    const buyer = await signedInUser(t, 'buyer');
    await buyer.call('POST', '/cart/add', { product_id: product.id, quantity: 1 });
    const checkout = (await buyer.call('POST', '/orders/checkout', { billing_country: 'US' })).json();
    await edit(cast.seller.token, product.id, fields({ price: '99' }));
    await cast.admin.call('PUT', `/admin/product-revisions/${await pendingRevisionId(product.id)}/approve`);
    expect((await publicProduct(product.id)).price).toBe(99);
    expect((await buyer.call('GET', `/orders/${checkout.order_id}`)).json().total_amount).toBe(10);
    // The existing checkout rule: a price changed since checkout is never charged silently.
    const paid = await buyer.call('POST', `/payments/confirm-payment/${checkout.payment_intent_id}`, {
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('ORDER_NOT_PAYABLE');
    expect((await buyer.call('GET', `/orders/${checkout.order_id}`)).json().total_amount).toBe(10);
  });

  it('takes a file away from an approved product only once the admin approves (and never one its buyers own)', async () => {
    const product = await createProduct(t.db, cast.seller.user, { status: 'approved', description: DESCRIPTION });
    const kept = await addProductFile(t.deps, product.id, 'tool.zip', 'tool');
    const old = await addProductFile(t.deps, product.id, 'old.txt', 'old');
    const removed = await cast.seller.call('DELETE', `/seller/products/${product.id}/files/${old?.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().product).toMatchObject({ status: 'approved' });
    const listed = async () =>
      ((await t.app.inject({ url: `/api/v1/products/${product.id}/files` })).json().files as { file_name: string }[])
        .map((f) => f.file_name)
        .sort();
    expect(await listed()).toEqual(['old.txt', 'tool.zip']);
    const id = await pendingRevisionId(product.id);
    const review = (await cast.admin.call('GET', `/admin/product-revisions/${id}`)).json();
    expect(review.removed_files.map((f: { file_name: string }) => f.file_name)).toEqual(['old.txt']);
    await cast.admin.call('PUT', `/admin/product-revisions/${id}/approve`);
    expect(await listed()).toEqual(['tool.zip']);

    await createPaidOrder(t.db, cast.buyer.user, product);
    const refused = await cast.seller.call('DELETE', `/seller/products/${product.id}/files/${kept?.id}`);
    expect(refused.statusCode).toBe(409);
  });

  it('counts changed characters between the common start and end', () => {
    expect(changedCharacters('colour', 'color')).toBe(1);
    expect(changedCharacters('same', 'same')).toBe(0);
    expect(changedCharacters('abc', 'xyz')).toBe(3);
    expect(changedCharacters('short', 'short and a tail')).toBe(11);
  });

  it('still sends a product that is not approved yet back to review, as before', async () => {
    const pending = await createProduct(t.db, cast.seller.user, { status: 'rejected', description: DESCRIPTION });
    await addProductFile(t.deps, pending.id, 'tool.zip', 'x');
    const edited = await edit(cast.seller.token, pending.id, fields({ title: 'Resubmitted Title' }));
    expect(edited.json().product).toMatchObject({ title: 'Resubmitted Title', status: 'pending' });
  });
});
