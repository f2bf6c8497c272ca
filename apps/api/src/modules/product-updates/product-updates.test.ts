import { DEFAULT_PREFERENCES, type Language } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPaidOrder, createProduct, createUser, type SignedInUser, signedInUser } from '../../../test/factories';
import { callAs, createTestApp, type DecodedMail, decodedOutbox, outboxMessages, type TestApp } from '../../../test/helpers';
import { orders, users } from '../../db/schema';
import type { UserRow } from '../users/repository';
import { queueProductUpdate } from './index';
import { signUnsubscribe } from './links';
import { runProductUpdates } from './send';

let t: TestApp;
let seller: SignedInUser;
let otherSeller: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ PRODUCT_UPDATE_NOTES_PER_DAY: '3' });
  seller = await signedInUser(t, 'seller', { firstName: 'Sel', lastName: 'Ler' });
  otherSeller = await signedInUser(t, 'seller');
  admin = await signedInUser(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

/** The job must never see another test's updates half-way: each test starts with every earlier update sent. */
beforeEach(async () => {
  await runProductUpdates(t.deps);
});

const anonymous = () => callAs(t.app, null);

async function productOf(owner: SignedInUser = seller) {
  return createProduct(t.db, owner.user, { title: `Prompt pack ${Math.random().toString(36).slice(2, 7)}` });
}

async function buyerOf(product: Awaited<ReturnType<typeof productOf>>, language?: Language): Promise<UserRow> {
  const buyer = await createUser(t.db, 'buyer', { firstName: `Bea${Math.random().toString(36).slice(2, 6)}`, lastName: 'Uyer' });
  if (language)
    await t.db
      .update(users)
      .set({ preferences: { ...DEFAULT_PREFERENCES, language } })
      .where(eq(users.id, buyer.id));
  await createPaidOrder(t.db, buyer, product);
  return buyer;
}

async function postNote(productId: string, by: SignedInUser = seller, body = 'Version 2 adds **twenty** new prompts.') {
  return by.call('POST', `/seller/products/${productId}/updates`, { title: 'Twenty new prompts', body });
}

/** The mails of the product update whose subject names `title`, by recipient. */
function mailsAbout(productTitle: string): DecodedMail[] {
  return decodedOutbox(t.config).filter((mail) => mail.subject.includes(productTitle));
}

async function notificationsOf(userId: string, productId: string) {
  const { rows } = await t.db.execute(
    sql`select title, message, link from notifications where user_id = ${userId} and link = ${`/products/${productId}`}`,
  );
  return rows;
}

async function deliveries(updateId: string) {
  const { rows } = await t.db.execute<{ user_id: string; status: string }>(
    sql`select user_id, status from product_update_deliveries where update_id = ${updateId} order by user_id`,
  );
  return rows;
}

describe('queueProductUpdate', () => {
  it("stores the update in the caller's transaction, and nothing when that transaction rolls back", async () => {
    const product = await productOf();
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

describe('sending an update to past buyers', () => {
  it('reaches exactly the paid, not refunded, not muted buyers of the product, each once, in-app and by e-mail', async () => {
    const product = await productOf();
    const other = await productOf();
    const [paid, alsoPaid] = [await buyerOf(product), await buyerOf(product)];
    const refunded = await buyerOf(product);
    await t.db.update(orders).set({ paymentStatus: 'refunded', status: 'refunded' }).where(eq(orders.userId, refunded.id));
    const mutedThis = await buyerOf(product);
    const mutedAll = await buyerOf(product);
    const otherBuyer = await buyerOf(other);
    const unpaid = await createUser(t.db, 'buyer');
    await createPaidOrder(t.db, unpaid, product);
    await t.db
      .update(orders)
      .set({ paymentStatus: 'unpaid', status: 'pending', paidAt: null })
      .where(eq(orders.userId, unpaid.id));
    const twice = await buyerOf(product);
    await createPaidOrder(t.db, twice, product); // bought it twice: still one mail
    const deactivated = await buyerOf(product);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id));
    const token = async (user: UserRow) => t.deps.accessTokens.sign({ sub: user.id, role: 'buyer', tv: user.tokenVersion });
    expect(
      (await callAs(t.app, await token(mutedThis))('PUT', `/product-updates/preferences/products/${product.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await callAs(t.app, await token(mutedAll))('PUT', '/product-updates/preferences', { all_muted: true })).statusCode,
    ).toBe(200);

    const posted = await postNote(product.id);
    expect(posted.statusCode).toBe(201);
    const update = posted.json();
    expect(update.deliveries).toEqual({ sent: 0, queued: 5, skipped: 0, failed: 0 });

    const result = await runProductUpdates(t.deps);
    expect(result).toMatchObject({ sent: 3, failed: 0 });

    const mails = mailsAbout(product.title);
    expect(mails.map((mail) => mail.to).sort()).toEqual([paid.email, alsoPaid.email, twice.email].sort());
    for (const buyer of [paid, alsoPaid, twice]) expect(await notificationsOf(buyer.id, product.id)).toHaveLength(1);
    for (const buyer of [refunded, mutedThis, mutedAll, otherBuyer, unpaid, deactivated]) {
      expect(await notificationsOf(buyer.id, product.id)).toHaveLength(0);
    }
    expect(mailsAbout(other.title)).toEqual([]);

    const seen = (await seller.call('GET', `/seller/products/${product.id}/updates`)).json();
    expect(seen.updates[0]).toMatchObject({
      id: update.id,
      kind: 'note',
      deliveries: { sent: 3, queued: 0, skipped: 2, failed: 0 },
    });

    // Running again sends nothing more.
    await runProductUpdates(t.deps);
    expect(mailsAbout(product.title)).toHaveLength(3);
  });

  it('writes the e-mail and the notification in each buyer’s own language, with a one-click unsubscribe', async () => {
    const product = await productOf();
    const german = await buyerOf(product, 'de');
    const japanese = await buyerOf(product, 'ja');
    const english = await buyerOf(product);
    await t.db.transaction((tx) =>
      queueProductUpdate(tx, { productId: product.id, kind: 'version', title: '1.1', body: '- Schneller', versionId: null }),
    );
    await runProductUpdates(t.deps);
    const mails = mailsAbout(product.title);
    const to = (user: UserRow) => mails.find((mail) => mail.to.includes(user.email));
    expect(to(german)?.body).toContain(`Eine neue Version von ${product.title} ist verfügbar:`);
    expect(to(german)?.body).toContain('Keine Updates mehr zu diesem Produkt');
    expect(to(japanese)?.body).toContain(`${product.title} の新しいバージョンが利用できます`);
    expect(to(english)?.body).toContain(`A new version of ${product.title} is available:`);
    expect(to(english)?.body).toContain('Download it from your orders: http://localhost:3000/orders');
    expect((await notificationsOf(german.id, product.id))[0]).toMatchObject({
      message: 'Eine neue Version eines Produkts, das du gekauft hast, ist verfügbar.',
    });

    const raw = outboxMessages(t.config).find((message) => message.includes(english.email)) ?? '';
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const oneClick = raw.replace(/\r?\n[ \t]+/g, '').match(/^List-Unsubscribe:\s*<([^>]+)>/m)?.[1] ?? '';
    expect(oneClick).toMatch(/^http:\/\/localhost:3000\/api\/v1\/product-updates\/unsubscribe\?token=/);

    // The mail client's one-click POST (form body, no sign-in) mutes the product for that buyer.
    const answer = await t.app.inject({
      method: 'POST',
      url: oneClick.replace('http://localhost:3000', ''),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ product: { id: product.id, title: product.title }, product_muted: true, all_muted: false });
    await postNote(product.id);
    await runProductUpdates(t.deps);
    const later = mailsAbout(product.title).filter((mail) => mail.subject.includes('Twenty new prompts'));
    expect(later.map((mail) => mail.to).sort()).toEqual([german.email, japanese.email].sort());
  });

  it('never sends twice when two runners work at the same time, across several batches', async () => {
    const product = await productOf();
    const buyers = await Promise.all(Array.from({ length: 23 }, () => buyerOf(product)));
    const { id } = (await postNote(product.id)).json();
    await Promise.all([runProductUpdates(t.deps, { batchSize: 4 }), runProductUpdates(t.deps, { batchSize: 4 })]);
    const mails = mailsAbout(product.title);
    expect(mails).toHaveLength(23);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(23);
    for (const buyer of buyers.slice(0, 5)) expect(await notificationsOf(buyer.id, product.id)).toHaveLength(1);
    const { rows } = await t.db.execute(
      sql`select count(*)::int as n from notifications where link = ${`/products/${product.id}`}`,
    );
    expect(rows[0]).toEqual({ n: 23 });
    expect((await deliveries(id)).every((row) => row.status === 'sent')).toBe(true);
  });

  it('carries on after a crash mid-batch: the interrupted batch is rolled back and redone, nobody gets two', async () => {
    const product = await productOf();
    await Promise.all(Array.from({ length: 10 }, () => buyerOf(product)));
    const { id } = (await postNote(product.id)).json();
    let batches = 0;
    // The process dies inside the second batch's transaction, after its rows were written.
    await expect(
      runProductUpdates(t.deps, {
        batchSize: 4,
        hooks: {
          afterFanoutBatch: () => {
            batches += 1;
            if (batches === 2) throw new Error('kill -9');
          },
        },
      }),
    ).rejects.toThrow('kill -9');
    expect(await deliveries(id)).toHaveLength(4);
    // The first batch's mails went out before the second batch was written.
    expect(mailsAbout(product.title)).toHaveLength(4);

    // Then it dies after taking one mail, before handing it to the mail server.
    let claims = 0;
    await expect(
      runProductUpdates(t.deps, {
        batchSize: 4,
        hooks: {
          afterClaim: () => {
            claims += 1;
            if (claims === 4) throw new Error('kill -9');
          },
        },
      }),
    ).rejects.toThrow('kill -9');
    expect(mailsAbout(product.title)).toHaveLength(7);

    // Restarted: the rest goes out; the mail taken at the crash is never sent again (it may have left).
    await runProductUpdates(t.deps, { batchSize: 4, staleSendingMs: 0 });
    const mails = mailsAbout(product.title);
    expect(mails).toHaveLength(9);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(9);
    const rows = await deliveries(id);
    expect(rows).toHaveLength(10);
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(9);
    expect(rows.filter((row) => row.status === 'failed')).toHaveLength(1);
    const { rows: notes } = await t.db.execute(
      sql`select count(*)::int as n from notifications where link = ${`/products/${product.id}`}`,
    );
    expect(notes[0]).toEqual({ n: 10 });
    const seen = (await seller.call('GET', `/seller/products/${product.id}/updates`)).json();
    expect(seen.updates[0].deliveries).toEqual({ sent: 9, queued: 0, skipped: 0, failed: 1 });
  });

  it('retries a mail the mail server refused, and does not send a deleted update’s remaining mails', async () => {
    const product = await productOf();
    const [first, second] = [await buyerOf(product), await buyerOf(product)];
    const { id } = (await postNote(product.id)).json();
    const send = t.deps.mailer.send;
    let refused = 0;
    t.deps.mailer.send = async (message) => {
      if (message.to === first.email && refused === 0) {
        refused += 1;
        throw new Error('421 try again later');
      }
      return send.call(t.deps.mailer, message);
    };
    try {
      await runProductUpdates(t.deps);
      await runProductUpdates(t.deps);
    } finally {
      t.deps.mailer.send = send;
    }
    expect(
      mailsAbout(product.title)
        .map((mail) => mail.to)
        .sort(),
    ).toEqual([first.email, second.email].sort());

    const late = await buyerOf(product);
    const again = (await postNote(product.id)).json();
    const deleted = await admin.call('DELETE', `/admin/product-updates/${again.id}`);
    expect(deleted.statusCode).toBe(200);
    await runProductUpdates(t.deps);
    expect(mailsAbout(product.title).filter((mail) => mail.to.includes(late.email))).toEqual([]);
    expect((await anonymous()('GET', `/products/${product.id}/updates`)).json().updates.map((u: { id: string }) => u.id)).toEqual(
      [id],
    );
  });
});

describe('update notes', () => {
  it('only the product’s own seller may post; bad input is refused with clear messages', async () => {
    const product = await productOf();
    expect((await postNote(product.id, otherSeller)).statusCode).toBe(404);
    expect((await postNote(product.id, admin)).statusCode).toBe(404);
    const buyer = await signedInUser(t, 'buyer');
    expect((await postNote(product.id, buyer)).statusCode).toBe(403);
    expect(
      (await anonymous()('POST', `/seller/products/${product.id}/updates`, { title: 'Hello', body: 'x'.repeat(20) })).statusCode,
    ).toBe(401);
    const short = await seller.call('POST', `/seller/products/${product.id}/updates`, { title: 'Hi', body: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'title', message: 'Update title must be 3 to 120 characters' }),
        expect.objectContaining({ field: 'body', message: 'Update text must be 10 to 5,000 characters' }),
      ]),
    );
    const long = await postNote(product.id, seller, 'x'.repeat(5001));
    expect(long.statusCode).toBe(422);
    const { rows } = await t.db.execute(sql`select 1 from product_updates where product_id = ${product.id}`);
    expect(rows).toEqual([]);
  });

  it('allows a few notes per product a day, even when posted all at once', async () => {
    const product = await productOf();
    const answers = await Promise.all(Array.from({ length: 6 }, () => postNote(product.id)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.json().detail).toBe(
      'You have posted as many update notes for this product as a day allows. Please try again tomorrow.',
    );
    // Another product of the same seller has its own allowance.
    expect((await postNote((await productOf()).id)).statusCode).toBe(201);
  });

  it('shows on the product page newest first (notes only), and only admins delete them', async () => {
    const product = await productOf();
    const first = (await postNote(product.id)).json();
    const second = (
      await seller.call('POST', `/seller/products/${product.id}/updates`, { title: 'Second note', body: 'Another update here' })
    ).json();
    await t.db.transaction((tx) =>
      queueProductUpdate(tx, { productId: product.id, kind: 'version', title: '2.0', body: 'changelog' }),
    );
    const page = (await anonymous()('GET', `/products/${product.id}/updates`)).json();
    expect(page.updates.map((update: { id: string }) => update.id)).toEqual([second.id, first.id]);
    expect(page.updates[1]).toMatchObject({ title: 'Twenty new prompts', body: 'Version 2 adds **twenty** new prompts.' });

    expect((await seller.call('DELETE', `/admin/product-updates/${first.id}`)).statusCode).toBe(403);
    expect((await anonymous()('DELETE', `/admin/product-updates/${first.id}`)).statusCode).toBe(401);
    expect((await admin.call('DELETE', `/admin/product-updates/${first.id}`)).statusCode).toBe(200);
    expect((await admin.call('DELETE', `/admin/product-updates/${first.id}`)).statusCode).toBe(404);
    expect((await anonymous()('GET', `/products/${product.id}/updates`)).json().total).toBe(1);

    const hidden = await createProduct(t.db, seller.user, { status: 'pending' });
    expect((await anonymous()('GET', `/products/${hidden.id}/updates`)).statusCode).toBe(404);
    expect((await otherSeller.call('GET', `/seller/products/${product.id}/updates`)).statusCode).toBe(404);
  });
});

describe('product update settings and unsubscribe links', () => {
  it('lists what the user muted on their profile, and undoes it', async () => {
    const buyer = await signedInUser(t, 'buyer');
    const [a, b] = [await productOf(), await productOf()];
    await buyer.call('PUT', `/product-updates/preferences/products/${a.id}`);
    await buyer.call('PUT', `/product-updates/preferences/products/${b.id}`);
    await buyer.call('PUT', `/product-updates/preferences/products/${b.id}`);
    let prefs = (await buyer.call('GET', '/product-updates/preferences')).json();
    expect(prefs.all_muted).toBe(false);
    expect(prefs.muted_products.map((p: { product_id: string }) => p.product_id).sort()).toEqual([a.id, b.id].sort());
    prefs = (await buyer.call('DELETE', `/product-updates/preferences/products/${a.id}`)).json();
    expect(prefs.muted_products).toEqual([expect.objectContaining({ product_id: b.id, title: b.title })]);
    prefs = (await buyer.call('PUT', '/product-updates/preferences', { all_muted: true })).json();
    expect(prefs.all_muted).toBe(true);
    prefs = (await buyer.call('PUT', '/product-updates/preferences', { all_muted: false })).json();
    expect(prefs.all_muted).toBe(false);
    expect((await buyer.call('PUT', '/product-updates/preferences', { all_muted: 'yes' })).statusCode).toBe(422);
    expect(
      (await buyer.call('PUT', '/product-updates/preferences/products/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await anonymous()('GET', '/product-updates/preferences')).statusCode).toBe(401);
  });

  it('reads a link without changing anything, mutes with it without sign-in, and refuses tampered links', async () => {
    const buyer = await createUser(t.db, 'buyer');
    const victim = await createUser(t.db, 'buyer');
    const product = await productOf();
    const token = signUnsubscribe(t.deps.downloadSigningKey, { u: buyer.id, p: product.id });
    const read = await anonymous()('GET', `/product-updates/unsubscribe?token=${token}`);
    expect(read.json()).toEqual({ product: { id: product.id, title: product.title }, product_muted: false, all_muted: false });
    const all = await anonymous()('POST', `/product-updates/unsubscribe?token=${token}`, { scope: 'all' });
    expect(all.json()).toMatchObject({ all_muted: true, product_muted: false });

    // Someone edits the claims to mute another account: the signature no longer matches.
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ u: victim.id, p: product.id })).toString('base64url');
    const otherKey = signUnsubscribe('another-key-another-key-another-key', { u: victim.id, p: product.id });
    for (const bad of [
      `${forged}.${signature}`,
      `${payload}.${signature.slice(0, -2)}`,
      `${payload}x.${signature}`,
      otherKey,
      'garbage',
      '',
    ]) {
      const answer = await anonymous()('POST', `/product-updates/unsubscribe?token=${encodeURIComponent(bad)}`, {});
      expect(answer.statusCode).toBe(400);
      expect(answer.json().detail).toBe('This unsubscribe link is invalid');
      expect((await anonymous()('GET', `/product-updates/unsubscribe?token=${encodeURIComponent(bad)}`)).statusCode).toBe(400);
    }
    const { rows } = await t.db.execute(sql`select 1 from product_update_mutes where user_id = ${victim.id}`);
    expect(rows).toEqual([]);
  });
});
