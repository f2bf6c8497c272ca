import { z } from 'zod';
import type { CartLine, PromoRule } from './cart';

/**
 * How the promo codes of one cart split into what each takes off each line (docs/decisions/0045).
 *
 * Order: sellers' codes first (by code), each on its own seller's lines (only the products it names,
 * when it names any), then the platform code on what is left. A line never goes below its floor
 * (a pay-what-you-want minimum, else 0; docs/decisions/0042). What a code takes off is shared among
 * the lines it covers in proportion to how far each may still go down, so the parts sum exactly.
 */
export interface PromoAllocation {
  /** Everything the codes take off, in cents. */
  promoCents: number;
  /** Per code, in the order applied: what it took off. */
  parts: { code: string; sellerId: string | null; cents: number }[];
  /** Per line (same order as the lines): what each code took off that line (only codes taking something). */
  lineParts: { code: string; sellerId: string | null; cents: number }[][];
  /** Per line: what sellers' codes took off it (the ledger takes it from that seller's share). */
  lineSellerCents: number[];
}

/** Whether a code covers a line: its seller's products (the ones it names, if any), its product, its category. */
export function promoCoversLine(promo: PromoRule, line: CartLine): boolean {
  if (promo.sellerId && line.sellerId !== promo.sellerId) return false;
  if (promo.productIds && promo.productIds.length > 0 && !promo.productIds.includes(line.productId)) return false;
  if (promo.productId && line.productId !== promo.productId) return false;
  if (promo.category && line.category !== promo.category) return false;
  return true;
}

/** The codes in the order they apply: sellers' codes (by code), then the platform's. */
export function promoApplyOrder(promos: PromoRule[]): PromoRule[] {
  const seller = promos.filter((promo) => promo.sellerId).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return [...seller, ...promos.filter((promo) => !promo.sellerId)];
}

/** Splits `amount` over `weights` (largest remainder); with amount ≤ Σ weights no part exceeds its weight. */
function splitByWeight(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total === 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((sum, p) => sum + p, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** Applies the codes to the lines in the documented order; see PromoAllocation. */
export function allocatePromos(lines: CartLine[], promos: PromoRule[]): PromoAllocation {
  const left = lines.map((line) => line.priceCents * line.quantity);
  const floor = lines.map((line) => Math.min(line.priceCents, line.minimumCents ?? 0) * line.quantity);
  const lineParts: PromoAllocation['lineParts'] = lines.map(() => []);
  const lineSellerCents = lines.map(() => 0);
  const parts: PromoAllocation['parts'] = [];
  for (const promo of promoApplyOrder(promos)) {
    const covered = lines.map((line, index) => (promoCoversLine(promo, line) ? index : -1)).filter((index) => index >= 0);
    const base = covered.reduce((sum, index) => sum + (left[index] ?? 0), 0);
    const room = covered.map((index) => Math.max(0, (left[index] ?? 0) - (floor[index] ?? 0)));
    const roomTotal = room.reduce((sum, r) => sum + r, 0);
    const wanted =
      promo.kind === 'percent' ? Math.round((base * Math.min(100, Math.max(0, promo.value))) / 100) : Math.max(0, promo.value);
    const taken = base === 0 ? 0 : Math.min(roomTotal, Number.isFinite(wanted) ? wanted : 0);
    const sellerId = promo.sellerId ?? null;
    splitByWeight(taken, room).forEach((cents, position) => {
      const index = covered[position] as number;
      if (cents <= 0) return;
      left[index] = (left[index] ?? 0) - cents;
      lineParts[index]?.push({ code: promo.code, sellerId, cents });
      if (sellerId) lineSellerCents[index] = (lineSellerCents[index] ?? 0) + cents;
    });
    parts.push({ code: promo.code, sellerId, cents: taken });
  }
  return { promoCents: parts.reduce((sum, part) => sum + part.cents, 0), parts, lineParts, lineSellerCents };
}

/** DELETE /cart/promo query: the code to take off (left out: every code). */
export const removePromoQuerySchema = z.object({
  code: z.string().trim().max(40, 'Invalid promo code').optional(),
});
