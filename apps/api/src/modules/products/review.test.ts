import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addProductFile, adminTestApp, createPaidOrder, createProduct, createUser } from '../../../test/factories';
import { callAs, outboxMessages } from '../../../test/helpers';
import { signDownload, signReviewFile } from '../../lib/signed-links';
import { REVIEW_LINK_SECONDS } from './review';

/** `cast`: the admin Ada Min, the seller Sel Ler and a buyer, each signed in. */
const { t, cast } = adminTestApp();

const as = (token: string | null) => callAs(t.app, token);

describe('moderation', () => {
  it('lists pending products by default, approves and rejects with a reason, and tells the seller', async () => {
    const good = await createProduct(t.db, cast.seller.user, { title: 'Good Tool', status: 'pending' });
    const bad = await createProduct(t.db, cast.seller.user, { title: 'Bad Tool', status: 'pending' });
    await addProductFile(t.deps, good.id, 'tool.zip', 'zip bytes');
    const queue = (await as(cast.admin.token)('GET', '/admin/products')).json();
    expect(queue.products.every((p: { status: string }) => p.status === 'pending')).toBe(true);
    expect(queue.stats.pending).toBeGreaterThanOrEqual(2);

    expect((await as(cast.admin.token)('PUT', `/admin/products/${good.id}/approve`)).json().product.status).toBe('approved');
    expect((await as(cast.admin.token)('PUT', `/admin/products/${bad.id}/reject`, {})).statusCode).toBe(422);
    const rejected = await as(cast.admin.token)('PUT', `/admin/products/${bad.id}/reject`, { reason: 'Missing licence details' });
    expect(rejected.json().product).toMatchObject({ status: 'rejected', rejection_reason: 'Missing licence details' });
    expect((await as(null)('GET', `/api/v1/products/${good.id}`.replace('/api/v1', ''))).statusCode).toBe(200);

    const inbox = (await as(cast.seller.token)('GET', '/notifications')).json();
    expect(inbox.notifications.map((n: { title: string }) => n.title)).toEqual(
      expect.arrayContaining(['"Good Tool" is live', '"Bad Tool" was not approved']),
    );
    expect(
      outboxMessages(t.config).some((m) => m.includes(`To: ${cast.seller.user.email}`) && m.includes('Missing licence details')),
    ).toBe(true);
  });

  it('shows the admin a pending product with its description, images and files before approving', async () => {
    const product = await createProduct(t.db, cast.seller.user, {
      title: 'Reviewed Kit',
      status: 'pending',
      description: 'Everything the buyer gets, described at length.',
      images: ['products/cover.png'],
    });
    await addProductFile(t.deps, product.id, 'kit.zip', 'zip bytes');
    await addProductFile(t.deps, product.id, 'README.md', '# Readme');

    const review = await as(cast.admin.token)('GET', `/admin/products/${product.id}`);
    expect(review.statusCode).toBe(200);
    expect(review.json()).toMatchObject({
      id: product.id,
      status: 'pending',
      description: 'Everything the buyer gets, described at length.',
    });
    expect(review.json().images).toHaveLength(1);
    expect(
      review
        .json()
        .files.map((file: { file_name: string; size_bytes: number }) => [file.file_name, file.size_bytes])
        .sort(),
    ).toEqual([
      ['README.md', 8],
      ['kit.zip', 9],
    ]);
    // Where the files are kept is the server's business.
    expect(JSON.stringify(review.json())).not.toContain('product-files/');

    expect((await as(null)('GET', `/admin/products/${product.id}`)).statusCode).toBe(401);
    expect((await as(cast.seller.token)('GET', `/admin/products/${product.id}`)).statusCode).toBe(403);
    expect((await as(cast.buyer.token)('GET', `/admin/products/${product.id}`)).statusCode).toBe(403);
    expect((await as(cast.admin.token)('GET', `/admin/products/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await as(cast.admin.token)('GET', '/admin/products/not-a-uuid')).statusCode).toBeGreaterThanOrEqual(404);
  });

  it('lets the admin download each file under review through a short-lived link of its own', async () => {
    const product = await createProduct(t.db, cast.seller.user, { title: 'Big Kit', status: 'pending' });
    const other = await createProduct(t.db, cast.seller.user, { status: 'pending' });
    const data = randomBytes(3 * 1024 * 1024);
    const file = await addProductFile(t.deps, product.id, 'big-kit_v2.bin', data);
    const otherFile = await addProductFile(t.deps, other.id, 'other.zip', 'other');
    const linkPath = `/admin/products/${product.id}/files/${file?.id}/link`;

    const issued = await as(cast.admin.token)('POST', linkPath);
    expect(issued.statusCode).toBe(200);
    const { url, expires_at } = issued.json();
    expect(new Date(expires_at).getTime() - Date.now()).toBeLessThanOrEqual(REVIEW_LINK_SECONDS * 1000);
    // The link is the credential: the browser opens it without the admin's token.
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toBe('attachment; filename="big-kit_v2.bin"');
    expect(download.rawPayload.equals(data)).toBe(true);

    expect((await as(null)('POST', linkPath)).statusCode).toBe(401);
    for (const token of [cast.seller.token, cast.buyer.token]) expect((await as(token)('POST', linkPath)).statusCode).toBe(403);
    // Another product's file, a made-up file and a malformed id are not found.
    expect((await as(cast.admin.token)('POST', `/admin/products/${product.id}/files/${otherFile?.id}/link`)).statusCode).toBe(
      404,
    );
    expect(
      (await as(cast.admin.token)('POST', `/admin/products/${product.id}/files/${crypto.randomUUID()}/link`)).statusCode,
    ).toBe(404);
    expect((await as(cast.admin.token)('POST', `/admin/products/${product.id}/files/x/link`)).statusCode).toBe(404);

    const token = url.split('/').at(-1) as string;
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    expect((await t.app.inject({ url: `/api/v1/downloads/review/${tampered}` })).statusCode).toBe(404);
    // A review link is not a buyer's download link, and a buyer's link does not open review files.
    expect((await t.app.inject({ url: `/api/v1/downloads/${token}` })).statusCode).toBe(404);
    const buyer = await createUser(t.db, 'buyer');
    const order = await createPaidOrder(t.db, buyer, { ...other, priceCents: other.priceCents });
    const buyerLink = signDownload(t.deps.downloadSigningKey, { o: order.id, f: otherFile?.id as string, v: 1, exp: 4e9 });
    expect((await t.app.inject({ url: `/api/v1/downloads/review/${buyerLink}` })).statusCode).toBe(404);
    const expired = signReviewFile(t.deps.downloadSigningKey, { r: file?.id as string, exp: Math.floor(Date.now() / 1000) - 1 });
    expect((await t.app.inject({ url: `/api/v1/downloads/review/${expired}` })).statusCode).toBe(403);
    // Once the product is deleted, its review links stop working.
    await t.db.execute(sql`update products set deleted_at = now() where id = ${product.id}`);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('refuses to approve a product with no files, alone or in a bulk change, and changes nothing', async () => {
    const empty = await createProduct(t.db, cast.seller.user, { status: 'pending' });
    const full = await createProduct(t.db, cast.seller.user, { status: 'pending' });
    await addProductFile(t.deps, full.id, 'full.zip', 'full');

    const alone = await as(cast.admin.token)('PUT', `/admin/products/${empty.id}/approve`);
    expect(alone.statusCode).toBe(422);
    expect(alone.json().detail).toBe('A product with no files cannot be approved: buyers would have nothing to download');
    const bulk = await as(cast.admin.token)('POST', '/admin/products/bulk-update', {
      product_ids: [full.id, empty.id],
      updates: { status: 'approved' },
    });
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json().detail).toBe('Some of these products have no files, so they cannot be approved; nothing was changed');
    const statuses = (await t.db.execute(sql`select status from products where id in (${empty.id}, ${full.id})`)).rows;
    expect(statuses.map((row) => row.status)).toEqual(['pending', 'pending']);
    // Rejecting needs no files, and a product with files is approved as before.
    expect(
      (await as(cast.admin.token)('PUT', `/admin/products/${empty.id}/reject`, { reason: 'No files were uploaded' })).statusCode,
    ).toBe(200);
    expect((await as(cast.admin.token)('PUT', `/admin/products/${full.id}/approve`)).statusCode).toBe(200);
  });

  it('features only approved products and bulk-updates all or nothing', async () => {
    const a = await createProduct(t.db, cast.seller.user, { status: 'pending' });
    const b = await createProduct(t.db, cast.seller.user, { status: 'pending' });
    await addProductFile(t.deps, a.id, 'a.zip', 'a');
    await addProductFile(t.deps, b.id, 'b.zip', 'b');
    expect((await as(cast.admin.token)('PUT', `/admin/products/${a.id}/feature`, { featured: true })).statusCode).toBe(422);
    const partial = await as(cast.admin.token)('POST', '/admin/products/bulk-update', {
      product_ids: [a.id, crypto.randomUUID()],
      updates: { status: 'approved' },
    });
    expect(partial.statusCode).toBe(404);
    const statuses = (await t.db.execute(sql`select status from products where id in (${a.id}, ${b.id})`)).rows.map(
      (r) => r.status,
    );
    expect(statuses).toEqual(['pending', 'pending']);
    const all = await as(cast.admin.token)('POST', '/admin/products/bulk-update', {
      product_ids: [a.id, b.id],
      updates: { status: 'approved', featured: true },
    });
    expect(all.json().updated).toBe(2);
    expect((await as(null)('GET', '/products/?featured=true')).json().products.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
  });
});
