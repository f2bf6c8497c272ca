import { randomUUID } from 'node:crypto';
import type {
  LicenseActivationAnswer,
  LicenseSettings,
  LicenseState,
  LicenseVerification,
  OwnedLicense,
  SellerLicense,
} from '@app/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pagedList, pageOffset } from '../../lib/paging';
import { countRateLimitHit } from '../../lib/rate-limit-store';
import type { UserRow } from '../users/repository';
import { deliverAfterReply, queueWebhookEventsInTx } from '../webhooks';
import { generateLicenseKey, hashLicenseKey, normalizeLicenseKey, sealLicenseKey, unsealLicenseKey } from './keys';
import {
  activationExists,
  activationsOf,
  countActivations,
  deleteActivation,
  deleteActivationsOf,
  disableKeysOfOrder,
  findKeyByHash,
  findLicenseSettings,
  findSellersProduct,
  insertActivation,
  insertLicenseKeys,
  keysOfOrder,
  type LicenseKeyView,
  licensedProducts,
  listBuyersKeys,
  listSellersKeys,
  lockSellersKey,
  setKeyStatus,
  upsertLicenseSettings,
} from './repository';
import type { licenseActivationSchema, licenseKeyCheckSchema, ownLicensesQuery, sellerLicensesQuery } from './schemas';

/** The one answer to a key that is not this product's, whether the key, the product or both are unknown. */
const WRONG_KEY = 'This licence key is not valid for this product';

type KeyCheck = z.output<typeof licenseKeyCheckSchema>;
type Activation = z.output<typeof licenseActivationSchema>;

/**
 * Issues one key per line of a just-paid order whose product has keys switched on. Runs inside the
 * transaction that marks the order paid (under its row lock), so a replayed or concurrent payment
 * confirmation never issues twice; the unique order line is the second guard. Returns how many it issued.
 */
export async function issueLicenseKeysInTx(
  tx: Tx,
  secret: Buffer,
  order: { id: string; userId: string },
  items: { id: string; productId: string; sellerId: string }[],
): Promise<number> {
  const settings = await licensedProducts(
    tx,
    items.map((item) => item.productId),
  );
  const limits = new Map(settings.map((row) => [row.productId, row.activationLimit]));
  const rows = items
    .filter((item) => limits.has(item.productId))
    .map((item) => {
      const id = randomUUID();
      const key = generateLicenseKey();
      return {
        id,
        orderItemId: item.id,
        orderId: order.id,
        productId: item.productId,
        buyerId: order.userId,
        sellerId: item.sellerId,
        keyHash: hashLicenseKey(secret, key),
        keyLast4: key.slice(-4),
        keySealed: sealLicenseKey(secret, key, id),
        activationLimit: limits.get(item.productId) ?? null,
      };
    });
  await insertLicenseKeys(tx, rows);
  return rows.length;
}

/** A refund disables the order's keys in its own transaction; nothing but the seller turns them back on. */
export async function disableLicenseKeysForRefundInTx(tx: Tx, orderId: string): Promise<void> {
  await disableKeysOfOrder(tx, orderId);
}

/** The keys of a paid order for its receipt, in the clear. */
export async function licenseKeysForReceipt(deps: AppDeps, orderId: string): Promise<{ productTitle: string; key: string }[]> {
  const rows = await keysOfOrder(deps.db, orderId);
  return rows.map((row) => ({ productTitle: row.productTitle, key: revealKey(deps, row) }));
}

/** Answers the seller's software: is this key valid for this product, and how is it used. */
export async function verifyLicense(deps: AppDeps, input: KeyCheck): Promise<LicenseVerification> {
  const found = await findKeyFor(deps, input);
  return verificationOf(found, await countActivations(deps.db, found.key.id));
}

/**
 * Activates the key on one instance. The key's row is locked while its activations are counted and
 * the new one added, so concurrent activations never pass the limit. The same instance twice is one activation.
 */
export async function activateLicense(deps: AppDeps, input: Activation): Promise<LicenseActivationAnswer> {
  await limitKeyChecks(deps, input.key);
  const answer = await deps.db.transaction(async (tx) => {
    const found = await lockKeyFor(tx, deps, input);
    const state = stateOf(found);
    if (state === 'refunded') throw new AppError('CONFLICT', 'This licence key is no longer valid: its order was refunded');
    if (state === 'disabled') throw new AppError('CONFLICT', 'This licence key has been disabled by the seller');
    let used = await countActivations(tx, found.key.id);
    let changed = false;
    let deliveries = 0;
    if (!(await activationExists(tx, found.key.id, input.instance))) {
      const limit = found.key.activationLimit;
      if (limit !== null && used >= limit) {
        throw new AppError('CONFLICT', 'This licence key has reached its activation limit');
      }
      changed = await insertActivation(tx, found.key.id, input.instance);
      if (changed) used += 1;
      // The seller's webhooks hear of it in the same transaction (outbox; docs/decisions/0043).
      if (changed) {
        deliveries = await queueWebhookEventsInTx(tx, [
          {
            sellerId: found.key.sellerId,
            type: 'license.activated',
            key: `license.activated:${found.key.id}:${randomUUID()}`,
            data: {
              license_key_id: found.key.id,
              key_last4: found.key.keyLast4,
              product_id: found.key.productId,
              product_title: found.productTitle,
              order_id: found.key.orderId,
              order_number: found.orderNumber,
              instance: input.instance,
              activations: { used, limit: found.key.activationLimit },
            },
          },
        ]);
      }
    }
    return { ...verificationOf(found, used), instance: input.instance, changed, deliveries };
  });
  // The webhook runner is woken only when a subscribed endpoint has something to receive.
  const { deliveries, ...answered } = answer;
  if (deliveries > 0) deliverAfterReply(deps);
  return answered;
}

/** Frees the key's activation on one instance (allowed in any state, so a buyer can move machines). */
export async function deactivateLicense(deps: AppDeps, input: Activation): Promise<LicenseActivationAnswer> {
  await limitKeyChecks(deps, input.key);
  return deps.db.transaction(async (tx) => {
    const found = await lockKeyFor(tx, deps, input);
    if (!(await deleteActivation(tx, found.key.id, input.instance))) {
      throw new AppError('NOT_FOUND', 'This instance is not activated with this licence key');
    }
    const used = await countActivations(tx, found.key.id);
    return { ...verificationOf(found, used), instance: input.instance, changed: true };
  });
}

/** The seller's licence setting of their own product. */
export async function getLicenseSettings(deps: AppDeps, seller: UserRow, productId: string): Promise<LicenseSettings> {
  await requireOwnProduct(deps, seller, productId);
  const row = await findLicenseSettings(deps.db, productId);
  return { product_id: productId, enabled: row?.enabled ?? false, activation_limit: row?.activationLimit ?? null };
}

/** Switches keys on or off for the seller's own product; the limit applies to keys issued from now on. */
export async function saveLicenseSettings(
  deps: AppDeps,
  seller: UserRow,
  productId: string,
  input: { enabled: boolean; activation_limit: number | null },
): Promise<LicenseSettings> {
  await requireOwnProduct(deps, seller, productId);
  await upsertLicenseSettings(deps.db, productId, input.enabled, input.activation_limit);
  return { product_id: productId, enabled: input.enabled, activation_limit: input.activation_limit };
}

/** A page of the caller's own keys: never anyone else's. */
export async function listOwnLicenses(deps: AppDeps, user: UserRow, query: z.output<typeof ownLicensesQuery>) {
  const { rows, total } = await listBuyersKeys(deps.db, user.id, query.order_id, {
    limit: query.limit,
    offset: pageOffset(query),
  });
  const instances = await instancesOf(deps, rows);
  const licenses: OwnedLicense[] = rows.map((row) => presentOwned(deps, row, instances));
  return pagedList('licenses', licenses, total, query);
}

/** A page of the keys sold for the seller's own products, with each buyer. */
export async function listSellerLicenses(deps: AppDeps, seller: UserRow, query: z.output<typeof sellerLicensesQuery>) {
  const { rows, total } = await listSellersKeys(deps.db, seller.id, query.product_id, {
    limit: query.limit,
    offset: pageOffset(query),
  });
  const instances = await instancesOf(deps, rows);
  const licenses: SellerLicense[] = rows.map((row) => ({
    ...presentOwned(deps, row, instances),
    buyer_name: `${row.buyerFirstName} ${row.buyerLastName}`.trim(),
    buyer_email: row.buyerEmail,
  }));
  return pagedList('licenses', licenses, total, query);
}

/** The seller switches a key of their own product off (or on again), or frees all its activations. */
export async function changeSellerLicense(
  deps: AppDeps,
  seller: UserRow,
  keyId: string,
  action: 'disable' | 'enable' | 'reset',
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const found = await lockSellersKey(tx, keyId, seller.id);
    if (!found) throw new AppError('NOT_FOUND', 'Licence key not found');
    if (action === 'reset') return deleteActivationsOf(tx, found.key.id);
    // Only a paid order's key can be switched on: a refund stays a refund until it is reversed, and even then
    // the seller decides (the key never comes back by itself).
    if (action === 'enable' && found.paymentStatus !== 'paid') {
      throw new AppError('CONFLICT', 'This licence key’s order was refunded, so the key cannot be enabled');
    }
    await setKeyStatus(tx, found.key.id, action === 'enable');
  });
}

/** Per key, beside the route's per-address limit: guessing one key from many addresses is slowed as well. */
async function limitKeyChecks(deps: AppDeps, typed: string): Promise<void> {
  const normal = normalizeLicenseKey(typed) ?? typed.trim().toUpperCase();
  const { current, ttl } = await countRateLimitHit(
    deps.db,
    `license-key:${hashLicenseKey(deps.licenseKeySecret, normal)}`,
    60_000,
  );
  if (current > deps.config.licenses.perKeyPerMinute) {
    const error = new AppError('RATE_LIMITED', 'Too many checks of this licence key. Please wait a minute and try again.');
    error.retryAfterSeconds = Math.max(1, Math.ceil(ttl / 1000));
    throw error;
  }
}

async function findKeyFor(deps: AppDeps, input: KeyCheck): Promise<LicenseKeyView> {
  await limitKeyChecks(deps, input.key);
  const normal = normalizeLicenseKey(input.key);
  const found = normal ? await findKeyByHash(deps.db, hashLicenseKey(deps.licenseKeySecret, normal)) : undefined;
  if (!found || found.key.productId !== input.product_id) throw new AppError('NOT_FOUND', WRONG_KEY);
  return found;
}

async function lockKeyFor(tx: Tx, deps: AppDeps, input: KeyCheck): Promise<LicenseKeyView> {
  const normal = normalizeLicenseKey(input.key);
  const found = normal ? await findKeyByHash(tx, hashLicenseKey(deps.licenseKeySecret, normal), true) : undefined;
  if (!found || found.key.productId !== input.product_id) throw new AppError('NOT_FOUND', WRONG_KEY);
  return found;
}

async function requireOwnProduct(deps: AppDeps, seller: UserRow, productId: string): Promise<void> {
  if (!(await findSellersProduct(deps.db, productId, seller.id))) throw new AppError('NOT_FOUND', 'Product not found');
}

function stateOf(found: LicenseKeyView): LicenseState {
  if (found.key.disabledReason === 'refund' || found.paymentStatus === 'refunded') return 'refunded';
  if (found.key.status === 'disabled' || found.paymentStatus !== 'paid') return 'disabled';
  return 'active';
}

function verificationOf(found: LicenseKeyView, used: number): LicenseVerification {
  const status = stateOf(found);
  return {
    valid: status === 'active',
    status,
    refunded: status === 'refunded',
    disabled: status !== 'active',
    product: { id: found.key.productId, title: found.productTitle },
    purchased_at: (found.paidAt ?? found.key.createdAt).toISOString(),
    activations: { used, limit: found.key.activationLimit },
  };
}

/** The key in the clear; if the secret changed since it was sealed, only its last four (never a crash). */
function revealKey(deps: AppDeps, found: LicenseKeyView): string {
  try {
    return unsealLicenseKey(deps.licenseKeySecret, found.key.keySealed, found.key.id);
  } catch {
    return `····-${found.key.keyLast4}`;
  }
}

async function instancesOf(deps: AppDeps, rows: LicenseKeyView[]) {
  const all = await activationsOf(
    deps.db,
    rows.map((row) => row.key.id),
  );
  const byKey = new Map<string, { instance: string; activated_at: string }[]>();
  for (const row of all) {
    const list = byKey.get(row.licenseKeyId) ?? [];
    list.push({ instance: row.instance, activated_at: row.createdAt.toISOString() });
    byKey.set(row.licenseKeyId, list);
  }
  return byKey;
}

function presentOwned(
  deps: AppDeps,
  row: LicenseKeyView,
  instances: Map<string, { instance: string; activated_at: string }[]>,
): OwnedLicense {
  const used = instances.get(row.key.id) ?? [];
  return {
    id: row.key.id,
    key: revealKey(deps, row),
    product_id: row.key.productId,
    product_title: row.productTitle,
    order_id: row.key.orderId,
    order_number: row.orderNumber,
    purchased_at: (row.paidAt ?? row.key.createdAt).toISOString(),
    status: stateOf(row),
    activations: { used: used.length, limit: row.key.activationLimit },
    instances: used,
  };
}
