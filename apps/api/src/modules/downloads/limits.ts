import { DOWNLOAD_LIMIT_REACHED, type DownloadLimitSetting } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/validation';
import type { UserRow } from '../users/repository';
import {
  allowancesOfLines,
  type DownloadLine,
  findDownloadLimit,
  findSellersLiveProduct,
  linesOfOrder,
  linesOfOrderProduct,
  paidLinesOfBuyerProduct,
  saveDownloadLimit,
  takeDownloadOfLine,
} from './repository-limits';

/**
 * Download limits: a seller's optional cap on downloads per order line. Each download (a file, a
 * product's zip, an order's zip) uses one of the line's downloads; the count is exact under
 * concurrent downloads (one conditional UPDATE per download, takeDownloadOfLine).
 */

async function requireSellersProduct(deps: AppDeps, seller: UserRow, productId: string): Promise<void> {
  const found = isUuid(productId) ? await findSellersLiveProduct(deps.db, productId, seller.id) : undefined;
  if (!found) throw new AppError('NOT_FOUND', 'Product not found');
}

/** A product's cap on downloads per purchase (null: unlimited), as buyers read it before paying. */
export function downloadLimitOfProduct(deps: AppDeps, productId: string): Promise<number | null> {
  return findDownloadLimit(deps.db, productId);
}

/** The cap of one of the seller's own products (404 for anyone else's). */
export async function getDownloadLimit(deps: AppDeps, seller: UserRow, productId: string): Promise<DownloadLimitSetting> {
  await requireSellersProduct(deps, seller, productId);
  return { product_id: productId, download_limit: await findDownloadLimit(deps.db, productId) };
}

/** Sets the cap of one of the seller's own products; orders already placed keep the cap they were placed under. */
export async function setDownloadLimit(
  deps: AppDeps,
  seller: UserRow,
  productId: string,
  limit: number | null,
): Promise<DownloadLimitSetting> {
  await requireSellersProduct(deps, seller, productId);
  await saveDownloadLimit(deps.db, productId, limit);
  return { product_id: productId, download_limit: limit };
}

/**
 * Uses one download of a product bought on these lines: nothing to count when one of them has no
 * cap; otherwise the first line with a download left. 403 with a clear message when none has.
 */
async function useDownloadOfLines(db: DbOrTx, lines: DownloadLine[]): Promise<void> {
  if (lines.length === 0 || lines.some((line) => line.limit === null)) return;
  for (const line of lines) {
    if (line.used >= (line.limit as number)) continue;
    if (await takeDownloadOfLine(db, line.id)) return;
  }
  throw new AppError('FORBIDDEN', DOWNLOAD_LIMIT_REACHED);
}

/** One download of a product of an order (a file of it by its signed link). */
export async function useOrderDownload(deps: AppDeps, orderId: string, productId: string): Promise<void> {
  await useDownloadOfLines(deps.db, await linesOfOrderProduct(deps.db, orderId, productId));
}

/** One download of a product its buyer paid for (the product's zip, from any of their paid orders). */
export async function useBuyerDownload(deps: AppDeps, userId: string, productId: string): Promise<void> {
  await useDownloadOfLines(deps.db, await paidLinesOfBuyerProduct(deps.db, userId, productId));
}

/**
 * One download of each product of an order (the order's zip): answers the products whose lines
 * had none left, which the zip then leaves out; 403 when that is every product of the order.
 */
export async function useOrderZipDownloads(deps: AppDeps, orderId: string): Promise<Set<string>> {
  const lines = await linesOfOrder(deps.db, orderId);
  const byProduct = new Map<string, DownloadLine[]>();
  for (const line of lines) byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), line]);
  const exhausted = new Set<string>();
  for (const [productId, productLines] of byProduct) {
    try {
      await useDownloadOfLines(deps.db, productLines);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'FORBIDDEN') throw error;
      exhausted.add(productId);
    }
  }
  if (byProduct.size > 0 && exhausted.size === byProduct.size) throw new AppError('FORBIDDEN', DOWNLOAD_LIMIT_REACHED);
  return exhausted;
}

/** Each order line's cap and downloads left, for the buyer's order pages (absent: unlimited). */
export async function downloadAllowancesOf(
  deps: AppDeps,
  lineIds: string[],
): Promise<Map<string, { limit: number; left: number }>> {
  const allowances = await allowancesOfLines(deps.db, lineIds);
  return new Map([...allowances].map(([id, { limit, used }]) => [id, { limit, left: Math.max(0, limit - used) }]));
}
