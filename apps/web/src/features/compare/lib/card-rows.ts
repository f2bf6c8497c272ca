import type { PublicProduct } from '@app/shared';
import type { TFunction } from 'i18next';
import { listingCardRows } from '@/lib/listing-card-rows';

export const LICENSE_SUMMARY_FIELDS = ['commercial_use', 'redistribution', 'modification'] as const;

/**
 * The listing card's fields of the compared products as rows: every field any of them has, in
 * first-seen order, with each product's value (undefined where its card has no such field).
 */
export function cardRows(products: readonly PublicProduct[], t: TFunction): { label: string; values: (string | undefined)[] }[] {
  const perProduct = products.map((product) => (product.card ? listingCardRows(product.card, t) : []));
  const labels = new Map<string, string>();
  for (const rows of perProduct) for (const row of rows) if (!labels.has(row.key)) labels.set(row.key, row.label);
  return [...labels].map(([key, label]) => ({
    label,
    values: perProduct.map((rows) => rows.find((row) => row.key === key)?.value),
  }));
}

/** What the licence allows in plain words (commercial use, redistribution, modification), when the product has a card. */
export function licenseSummary(product: PublicProduct): Record<(typeof LICENSE_SUMMARY_FIELDS)[number], boolean> | null {
  const card = product.card;
  if (!card) return null;
  return { commercial_use: card.commercial_use, redistribution: card.redistribution, modification: card.modification };
}
