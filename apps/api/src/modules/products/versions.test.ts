import { MESSAGE_CATALOGUE, VERSION_MESSAGES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addProductFile, adminTestApp, createPaidOrder, createProduct, signedInUser } from '../../../test/factories';
import { type FormPart, listFiles, multipartForm } from '../../../test/helpers';
import { OS_SYSTEM_P2 } from '../../../test/scan-fixtures';
import { readZip } from '../../../test/zip';

/** Versions of an approved product (decision 0038): submitted by its seller, reviewed by an admin, downloaded by every buyer. */

const { t, cast } = adminTestApp();

type Link = { file_name: string; version_label: string; version_current: boolean; url: string };

async function approvedProductWithBuyer(title = `Tool ${crypto.randomUUID().slice(0, 6)}`) {
  const product = await createProduct(t.db, cast.seller.user, { title, status: 'approved' });
  await addProductFile(t.deps, product.id, 'tool.zip', 'version one');
  await addProductFile(t.deps, product.id, 'README.md', '# One');
  const order = await createPaidOrder(t.db, cast.buyer.user, product);
  return { product, order };
}

function submitVersion(token: string, productId: string, parts: FormPart[]) {
  const form = multipartForm(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/seller/products/${productId}/versions`,
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
  });
}

const versionParts = (label: string, changelog: string, files: [string, string | Buffer][]): FormPart[] => [
  { name: 'label', value: label },
  { name: 'changelog', value: changelog },
  ...files.map(([filename, data]) => ({ name: 'files', filename, data: Buffer.isBuffer(data) ? data : Buffer.from(data) })),
];

async function buyerLinks(orderId: string): Promise<Link[]> {
  const response = await cast.buyer.call('GET', `/orders/${orderId}/download-links`);
  expect(response.statusCode).toBe(200);
  return response.json().links;
}

const summary = (links: Link[]) =>
  links.map((link) => `${link.version_label}${link.version_current ? '*' : ''}/${link.file_name}`).sort();

async function download(url: string): Promise<string> {
  const response = await t.app.inject({ url });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('versions of a product', () => {
  it('keeps buyers on 1.0 while 1.1 waits; once approved a buyer of 1.0 downloads 1.1 and 1.0 and past buyers are told once', async () => {
    const { product, order } = await approvedProductWithBuyer('Versioned Tool');
    const submitted = await submitVersion(
      cast.seller.token,
      product.id,
      versionParts('1.1', '## Fixed\n- the crash on start', [
        ['tool.zip', 'version one point one'],
        ['CHANGES.md', '1.1'],
      ]),
    );
    expect(submitted.statusCode).toBe(201);
    expect(submitted.json().version).toMatchObject({ label: '1.1', status: 'pending', released_at: null });
    expect(submitted.json().version.files.map((f: { scan_verdict: string }) => f.scan_verdict)).toEqual(['clean', 'clean']);

    // The seller's list marks it as waiting; nobody else's list shows it.
    const marked = (await cast.seller.call('GET', '/seller/product-changes')).json();
    expect(marked.products).toContainEqual({ product_id: product.id, edit: false, version_label: '1.1' });
    const stranger = await signedInUser(t, 'seller');
    expect((await stranger.call('GET', '/seller/product-changes')).json()).toEqual({ products: [] });
    expect((await cast.buyer.call('GET', '/seller/product-changes')).statusCode).toBe(403);

    // Waiting: buyers, the product page and its file list still show 1.0 only.
    expect(summary(await buyerLinks(order.id))).toEqual(['1.0*/README.md', '1.0*/tool.zip']);
    const files = (await cast.buyer.call('GET', `/products/${product.id}/files`)).json();
    expect(files.files.map((f: { file_name: string }) => f.file_name).sort()).toEqual(['README.md', 'tool.zip']);
    expect((await cast.buyer.call('GET', `/products/${product.id}/versions`)).json().current.label).toBe('1.0');

    // The admin sees it in the queue, with the changelog and the file diff against 1.0.
    const queue = (await cast.admin.call('GET', '/admin/product-changes')).json();
    const entry = queue.changes.find((c: { product_id: string }) => c.product_id === product.id);
    expect(entry).toMatchObject({ kind: 'version', label: '1.1', product_title: 'Versioned Tool', seller_name: 'Sel Ler' });
    const review = (await cast.admin.call('GET', `/admin/products/${product.id}/versions/${entry.id}`)).json();
    expect(review.version.changelog).toBe('## Fixed\n- the crash on start');
    expect(review.current.label).toBe('1.0');
    expect(review.file_diff).toEqual({
      added: [{ file_name: 'CHANGES.md', size_bytes: 3 }],
      removed: [{ file_name: 'README.md', size_bytes: 5 }],
      changed: [{ file_name: 'tool.zip', before_bytes: 11, after_bytes: 21 }],
      unchanged: [],
    });

    // Approved twice (a double click): the same answer, one notice to past buyers.
    const [first, second] = await Promise.all([
      cast.admin.call('PUT', `/admin/products/${product.id}/versions/${entry.id}/approve`),
      cast.admin.call('PUT', `/admin/products/${product.id}/versions/${entry.id}/approve`),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    expect(first?.json()).toEqual({ message: VERSION_MESSAGES.versionApproved, status: 'approved' });
    const queued = await t.db.execute(sql`select kind, title, body from product_updates where version_id = ${entry.id}`);
    expect(queued.rows).toEqual([{ kind: 'version', title: '1.1', body: '## Fixed\n- the crash on start' }]);

    const inbox = (await cast.seller.call('GET', '/notifications')).json();
    expect(inbox.notifications.filter((n: { title: string }) => n.title === '"Versioned Tool 1.1" is live')).toHaveLength(1);

    // Now the buyer of 1.0 gets 1.1 (current) and keeps 1.0; both download.
    const links = await buyerLinks(order.id);
    expect(summary(links)).toEqual(['1.0/README.md', '1.0/tool.zip', '1.1*/CHANGES.md', '1.1*/tool.zip']);
    const contents = await Promise.all(links.filter((l) => l.file_name === 'tool.zip').map((l) => download(l.url)));
    expect(contents.sort()).toEqual(['version one', 'version one point one']);

    // The product page: current version, its date, the changelog history newest first.
    const history = (await t.app.inject({ url: `/api/v1/products/${product.id}/versions` })).json();
    expect(history.current.label).toBe('1.1');
    expect(Date.parse(history.current.released_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(history.versions.map((v: { label: string; changelog: string }) => [v.label, v.changelog])).toEqual([
      ['1.1', '## Fixed\n- the crash on start'],
      ['1.0', ''],
    ]);
    expect((await cast.admin.call('GET', '/admin/product-changes')).json().changes).not.toContainEqual(
      expect.objectContaining({ id: entry.id }),
    );
    // The seller's product list no longer marks it as waiting.
    const waiting = (await cast.seller.call('GET', '/seller/product-changes')).json();
    expect(waiting.products.find((p: { product_id: string }) => p.product_id === product.id)).toBeUndefined();
    // The seller's list of versions, newest first, the first one included.
    const own = (await cast.seller.call('GET', `/seller/products/${product.id}/versions`)).json();
    expect(own.current_label).toBe('1.1');
    expect(own.versions.map((v: { label: string; status: string }) => `${v.label}:${v.status}`)).toEqual([
      '1.1:approved',
      '1.0:approved',
    ]);
  });

  it('lets only the product’s own seller submit, and only admins review (simple admins neither)', async () => {
    const { product } = await approvedProductWithBuyer();
    const otherSeller = await signedInUser(t, 'seller');
    const simpleAdmin = await signedInUser(t, 'simple_admin');
    const parts = versionParts('2.0', 'A big change', [['tool.zip', 'two']]);
    expect((await submitVersion(otherSeller.token, product.id, parts)).statusCode).toBe(404);
    expect((await submitVersion(cast.buyer.token, product.id, parts)).statusCode).toBe(403);
    expect((await submitVersion(simpleAdmin.token, product.id, parts)).statusCode).toBe(403);
    expect((await otherSeller.call('GET', `/seller/products/${product.id}/versions`)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/v1/seller/products/${product.id}/versions` });
    expect(anonymous.statusCode).toBe(401);

    const version = (await submitVersion(cast.seller.token, product.id, parts)).json().version;
    const approve = `/admin/products/${product.id}/versions/${version.id}/approve`;
    for (const caller of [cast.seller, cast.buyer, simpleAdmin]) {
      expect((await caller.call('PUT', approve)).statusCode).toBe(403);
      expect((await caller.call('GET', '/admin/product-changes')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1${approve}` })).statusCode).toBe(401);
    // A version reached through another product's id is not found.
    const { product: other } = await approvedProductWithBuyer();
    expect((await cast.admin.call('PUT', `/admin/products/${other.id}/versions/${version.id}/approve`)).statusCode).toBe(404);
    const [row] = (await t.db.execute(sql`select status from product_versions where id = ${version.id}`)).rows;
    expect(row).toEqual({ status: 'pending' });
  });

  it('refuses a bad version with a clear 422 in every language, and leaves no file behind', async () => {
    const { product } = await approvedProductWithBuyer();
    const stored = () => listFiles(t.config.filesDir).length;
    const before = stored();
    const cases: [FormPart[], string][] = [
      [versionParts('', 'Something changed', [['a.zip', 'a']]), VERSION_MESSAGES.labelRequired],
      [versionParts('1.1 final!', 'Something changed', [['a.zip', 'a']]), VERSION_MESSAGES.labelFormat],
      [versionParts('1.1', 'x', [['a.zip', 'a']]), VERSION_MESSAGES.changelogRequired],
      [versionParts('1.1', 'y'.repeat(10_001), [['a.zip', 'a']]), VERSION_MESSAGES.changelogTooLong],
      [versionParts('1.1', 'Something changed', []), VERSION_MESSAGES.filesRequired],
      [versionParts('1.0', 'Something changed', [['a.zip', 'a']]), VERSION_MESSAGES.labelTaken],
    ];
    for (const [parts, message] of cases) {
      const response = await submitVersion(cast.seller.token, product.id, parts);
      expect(response.statusCode, message).toBe(422);
      expect(response.json().detail).toBe(message);
      // Each message has its own id, translated in all six languages.
      const id = response.json().messageId as keyof (typeof MESSAGE_CATALOGUE)['en'];
      expect(id, message).toMatch(/^productVersions\./);
      for (const language of ['es', 'fr', 'de', 'zh', 'ja'] as const) {
        expect(MESSAGE_CATALOGUE[language][id], `${language} ${id}`).toBeTruthy();
        expect(MESSAGE_CATALOGUE[language][id]).not.toBe(message);
      }
    }
    expect(stored()).toBe(before);

    const pending = await createProduct(t.db, cast.seller.user, { status: 'pending' });
    const notApproved = await submitVersion(cast.seller.token, pending.id, versionParts('1.1', 'Changes', [['a.zip', 'a']]));
    expect(notApproved.json()).toMatchObject({ detail: VERSION_MESSAGES.notApproved, code: 'VALIDATION_FAILED' });

    expect((await submitVersion(cast.seller.token, product.id, versionParts('1.1', 'First', [['a.zip', 'a']]))).statusCode).toBe(
      201,
    );
    const second = await submitVersion(cast.seller.token, product.id, versionParts('1.2', 'Second', [['b.zip', 'b']]));
    expect(second.statusCode).toBe(422);
    expect(second.json().detail).toBe(VERSION_MESSAGES.pendingExists);
  });

  it('takes one of two versions submitted at the same moment, and refuses the other', async () => {
    const { product } = await approvedProductWithBuyer();
    const answers = await Promise.all([
      submitVersion(cast.seller.token, product.id, versionParts('1.1', 'From one tab', [['a.zip', 'a']])),
      submitVersion(cast.seller.token, product.id, versionParts('1.2', 'From another tab', [['b.zip', 'b']])),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)?.json().detail).toBe(VERSION_MESSAGES.pendingExists);
    const rows = await t.db.execute(sql`select label from product_versions where product_id = ${product.id}`);
    expect(rows.rows).toHaveLength(1);
  });

  it('blocks a version with a dangerous file; a rejected version leaves buyers of 1.0 their downloads', async () => {
    const { product, order } = await approvedProductWithBuyer();
    const submitted = await submitVersion(
      cast.seller.token,
      product.id,
      versionParts('1.1', 'Now with a model', [['model.pkl', OS_SYSTEM_P2]]),
    );
    const version = submitted.json().version;
    expect(version.files[0].scan_verdict).toBe('dangerous');
    const blocked = await cast.admin.call('PUT', `/admin/products/${product.id}/versions/${version.id}/approve`);
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().detail).toBe(VERSION_MESSAGES.dangerousFile);

    const reject = `/admin/products/${product.id}/versions/${version.id}/reject`;
    expect((await cast.admin.call('PUT', reject, { reason: 'x' })).statusCode).toBe(422);
    expect((await cast.admin.call('PUT', reject, { reason: 'The model runs code when loaded' })).statusCode).toBe(200);
    expect((await cast.admin.call('PUT', reject, { reason: 'The model runs code when loaded' })).statusCode).toBe(200);
    const late = await cast.admin.call('PUT', `/admin/products/${product.id}/versions/${version.id}/approve`);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(VERSION_MESSAGES.alreadyRejected);
    // The rejected version's file is gone from storage; the buyer of 1.0 still downloads 1.0.
    expect(
      listFiles(t.config.filesDir).filter((key) => key.includes(product.id) && !key.endsWith('.zip') && !key.endsWith('.md')),
    ).toEqual([]);
    const links = await buyerLinks(order.id);
    expect(summary(links)).toEqual(['1.0*/README.md', '1.0*/tool.zip']);
    expect(await download(links.find((l) => l.file_name === 'tool.zip')?.url as string)).toBe('version one');
    const updates = await t.db.execute(sql`select id from product_updates where product_id = ${product.id}`);
    expect(updates.rows).toEqual([]);
    // The seller may try again with the same label.
    const retry = await submitVersion(cast.seller.token, product.id, versionParts('1.1', 'Fixed model', [['model.bin', 'safe']]));
    expect(retry.statusCode).toBe(201);
  });

  it('gives a refunded order nothing, and a buyer of 1.0 keeps downloading after the product is rejected', async () => {
    const { product, order } = await approvedProductWithBuyer();
    const version = (
      await submitVersion(cast.seller.token, product.id, versionParts('1.1', 'Better', [['tool.zip', 'one one']]))
    ).json().version;
    await cast.admin.call('PUT', `/admin/products/${product.id}/versions/${version.id}/approve`);
    expect((await buyerLinks(order.id)).length).toBe(3);

    const rejected = await cast.admin.call('PUT', `/admin/products/${product.id}/reject`, { reason: 'Listing breaks the rules' });
    expect(rejected.statusCode).toBe(200);
    expect(summary(await buyerLinks(order.id))).toEqual(['1.0/README.md', '1.0/tool.zip', '1.1*/tool.zip']);
    // Nobody else sees the product or its history any more.
    expect((await t.app.inject({ url: `/api/v1/products/${product.id}/versions` })).statusCode).toBe(404);

    const links = await buyerLinks(order.id);
    await t.db.execute(sql`update orders set payment_status = 'refunded', status = 'refunded' where id = ${order.id}`);
    const refused = await cast.buyer.call('GET', `/orders/${order.id}/download-links`);
    expect(refused.statusCode).toBe(403);
    for (const link of links) expect((await t.app.inject({ url: link.url })).statusCode).toBe(403);
    expect((await cast.buyer.call('GET', `/orders/${order.id}/download-zip`)).statusCode).toBe(403);
  });

  it('zips each version into its own folder once a product has more than one', async () => {
    const { product, order } = await approvedProductWithBuyer('Zip Tool');
    const version = (
      await submitVersion(cast.seller.token, product.id, versionParts('2.0-beta', 'Rewritten', [['tool.zip', 'two']]))
    ).json().version;
    await cast.admin.call('PUT', `/admin/products/${product.id}/versions/${version.id}/approve`);
    const zip = await cast.buyer.call('GET', `/orders/${order.id}/download-zip`);
    expect(zip.statusCode).toBe(200);
    const entries = await readZip(zip.rawPayload);
    expect(Object.fromEntries(entries)).toEqual({
      'Zip_Tool/1.0/README.md': '# One',
      'Zip_Tool/1.0/tool.zip': 'version one',
      'Zip_Tool/2.0-beta/tool.zip': 'two',
    });
  });

  it('previews the data files of a new version, and shows them to the public only once it is approved', async () => {
    const { product } = await approvedProductWithBuyer('Data Tool');
    const csv = 'city,visits\nOslo,12\nLima,7\nPune,31\n';
    const version = (
      await submitVersion(cast.seller.token, product.id, versionParts('1.1', 'More cities', [['cities.csv', csv]]))
    ).json().version;
    // The seller sees the preview at once; the public does not while the version waits.
    const own = (await cast.seller.call('GET', `/seller/products/${product.id}/dataset-previews`)).json();
    expect(own.previews).toHaveLength(1);
    expect(own.previews[0]).toMatchObject({ file_name: 'cities.csv', status: 'ready', row_count: 3 });
    const before = await t.app.inject({ url: `/api/v1/products/${product.id}/dataset-previews` });
    expect(before.json().previews).toEqual([]);

    await cast.admin.call('PUT', `/admin/products/${product.id}/versions/${version.id}/approve`);
    const after = (await t.app.inject({ url: `/api/v1/products/${product.id}/dataset-previews` })).json();
    expect(after.previews).toHaveLength(1);
    expect(after.previews[0]).toMatchObject({ file_name: 'cities.csv', row_count: 3 });
    expect(after.previews[0].sample).toEqual([
      ['Oslo', '12'],
      ['Lima', '7'],
      ['Pune', '31'],
    ]);
  });
});
