import { describe, expect, it } from 'vitest';
import { addProductFile, adminTestApp, createPaidOrder, createProduct } from '../../../test/factories';
import { callAs, multipartForm } from '../../../test/helpers';
import { ORDERED_DICT_P2, OS_SYSTEM_P2, safetensors, zipOf } from '../../../test/scan-fixtures';

/** `cast`: the admin, the seller and a buyer, each signed in. */
const { t, cast } = adminTestApp();
const as = (token: string | null) => callAs(t.app, token);

const FIELDS = [
  { name: 'title', value: 'Tiny Classifier' },
  { name: 'description', value: 'A small model with its weights, ready to load.' },
  { name: 'price', value: '19.00' },
  { name: 'category', value: 'prompt-packs' },
];
const VALID_SAFETENSORS = safetensors({ w: { dtype: 'F32', shape: [2], data_offsets: [0, 8] } }, 8);

/** Sends a multipart form to the seller routes as the seller. */
function sendForm(method: 'POST' | 'PUT', url: string, parts: Parameters<typeof multipartForm>[0]) {
  const { payload, headers } = multipartForm(parts);
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${cast.seller.token}` },
  });
}

interface FileView {
  id: string;
  file_name: string;
  scan_verdict: string | null;
  scan_reasons: { code: string; severity: string; detail: string | null; member: string | null }[];
  scanned_at: string | null;
}
const byName = (files: FileView[], name: string) => files.find((file) => file.file_name === name) as FileView;

describe('the safety scan of uploaded files', () => {
  it('shows the seller the verdicts at once, blocks approval of a dangerous file until it is replaced, and shows buyers only the date', async () => {
    const bundle = await zipOf([
      ['model/archive/data.pkl', OS_SYSTEM_P2],
      ['README.md', Buffer.from('# Tiny classifier\n')],
    ]);
    const created = await sendForm('POST', '/seller/products', [
      ...FIELDS,
      { name: 'files', filename: 'model.pkl', data: OS_SYSTEM_P2 },
      { name: 'files', filename: 'weights.safetensors', data: VALID_SAFETENSORS },
      { name: 'files', filename: 'bundle.zip', data: bundle },
    ]);
    expect(created.statusCode).toBe(201);
    const product = created.json().product;
    expect(byName(product.files, 'model.pkl')).toMatchObject({
      scan_verdict: 'dangerous',
      scan_reasons: [{ code: 'pickle_dangerous_global', severity: 'dangerous', detail: 'os.system', member: null }],
    });
    expect(byName(product.files, 'bundle.zip').scan_reasons).toEqual([
      expect.objectContaining({ code: 'pickle_dangerous_global', member: 'model/archive/data.pkl' }),
    ]);
    expect(byName(product.files, 'weights.safetensors')).toMatchObject({ scan_verdict: 'clean', scan_reasons: [] });
    expect(product.scanned_at).toEqual(expect.any(String));

    // The seller's own views carry the verdicts too.
    const own = (await as(cast.seller.token)('GET', `/seller/products/${product.id}`)).json();
    expect(byName(own.files, 'model.pkl').scan_verdict).toBe('dangerous');
    const list = (await as(cast.seller.token)('GET', '/seller/products')).json();
    expect(byName(list.products.find((p: { id: string }) => p.id === product.id).files, 'model.pkl').scan_verdict).toBe(
      'dangerous',
    );

    // The admin sees each file's verdict and reasons, and cannot approve.
    const review = (await as(cast.admin.token)('GET', `/admin/products/${product.id}`)).json();
    expect(byName(review.files, 'model.pkl').scan_reasons[0]?.detail).toBe('os.system');
    // The moderation queue marks it, so the list offers no Approve that would be refused.
    const queue = (await as(cast.admin.token)('GET', '/admin/products?status=pending')).json();
    expect(queue.products.find((p: { id: string }) => p.id === product.id)?.blocked_by_scan).toBe(true);
    expect(queue.products.filter((p: { blocked_by_scan: boolean }) => p.blocked_by_scan)).toHaveLength(1);
    const refused = await as(cast.admin.token)('PUT', `/admin/products/${product.id}/approve`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      detail: 'A file of this product failed the safety scan: it cannot be approved until the seller replaces it',
      messageId: 'products.fileFailedSafetyScan',
    });
    const bulk = await as(cast.admin.token)('POST', '/admin/products/bulk-update', {
      product_ids: [product.id],
      updates: { status: 'approved' },
    });
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json().messageId).toBe('products.someFilesFailedSafetyScan');

    // The seller removes the dangerous files and uploads a clean replacement: rescanned, approvable.
    for (const name of ['model.pkl', 'bundle.zip']) {
      const removed = await as(cast.seller.token)(
        'DELETE',
        `/seller/products/${product.id}/files/${byName(product.files, name).id}`,
      );
      expect(removed.statusCode).toBe(200);
    }
    const replaced = await sendForm('PUT', `/seller/products/${product.id}`, [
      { name: 'files', filename: 'model.pkl', data: ORDERED_DICT_P2 },
    ]);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().product.files.map((f: FileView) => [f.file_name, f.scan_verdict])).toEqual([
      ['weights.safetensors', 'clean'],
      ['model.pkl', 'clean'],
    ]);
    const unblocked = (await as(cast.admin.token)('GET', '/admin/products?status=pending')).json();
    expect(unblocked.products.find((p: { id: string }) => p.id === product.id)?.blocked_by_scan).toBe(false);
    const approved = await as(cast.admin.token)('PUT', `/admin/products/${product.id}/approve`);
    expect(approved.statusCode).toBe(200);

    // Buyers and visitors see that it was scanned, and when; never the files or the reasons.
    for (const token of [null, cast.buyer.token]) {
      const page = await as(token)('GET', `/products/${product.id}`);
      expect(page.statusCode).toBe(200);
      expect(page.json().scanned_at).toEqual(expect.any(String));
      expect(page.json()).not.toHaveProperty('files');
      expect(page.body).not.toMatch(/scan_reasons|scan_verdict|os\.system|pickle/);
    }
    const search = await as(null)('GET', '/products?search=Tiny%20Classifier');
    expect(search.body).not.toMatch(/scan_reasons|os\.system/);
  });

  it('scans files stored before scanning existed when the admin opens or approves the product', async () => {
    const product = await createProduct(t.db, cast.seller.user, { title: 'Old Upload', status: 'pending' });
    await addProductFile(t.deps, product.id, 'old.pkl', OS_SYSTEM_P2);
    const review = (await as(cast.admin.token)('GET', `/admin/products/${product.id}`)).json();
    expect(review.files[0]).toMatchObject({ scan_verdict: 'dangerous', scanned_at: expect.any(String) });
    expect(review.scanned_at).toEqual(expect.any(String));

    const other = await createProduct(t.db, cast.seller.user, { title: 'Old Clean Upload', status: 'pending' });
    await addProductFile(t.deps, other.id, 'notes.txt', 'nothing to see');
    expect((await as(cast.admin.token)('PUT', `/admin/products/${other.id}/approve`)).statusCode).toBe(200);
    expect((await as(null)('GET', `/products/${other.id}`)).json().scanned_at).toEqual(expect.any(String));
  });

  it('keeps a bought product’s clean files, lets the seller remove a dangerous one, and only their own', async () => {
    const product = await createProduct(t.db, cast.seller.user, { title: 'Bought Tool', status: 'approved' });
    const clean = await addProductFile(t.deps, product.id, 'tool.txt', 'hello');
    const bad = await addProductFile(t.deps, product.id, 'bad.pkl', OS_SYSTEM_P2);
    await createPaidOrder(t.db, cast.buyer.user, product);
    await as(cast.admin.token)('GET', `/admin/products/${product.id}`); // scans them

    const kept = await as(cast.seller.token)('DELETE', `/seller/products/${product.id}/files/${clean?.id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().messageId).toBe('sellers.buyersOwnProductFilesStay');
    const removed = await as(cast.seller.token)('DELETE', `/seller/products/${product.id}/files/${bad?.id}`);
    expect(removed.statusCode).toBe(200);
    // The product stays on sale with its clean files (decision 0038).
    expect(removed.json().product).toMatchObject({
      status: 'approved',
      files: [expect.objectContaining({ file_name: 'tool.txt' })],
    });

    expect((await as(cast.buyer.token)('DELETE', `/seller/products/${product.id}/files/${clean?.id}`)).statusCode).toBe(403);
    expect(
      (await as(cast.seller.token)('DELETE', `/seller/products/${product.id}/files/${crypto.randomUUID()}`)).statusCode,
    ).toBe(404);
  });
});
