import type { PublicProduct } from '@app/shared';

/**
 * The listing card's fields of compared products as rows (field → one value per product), read
 * from the product's `card` when it has one: `{ kind, model|dataset|api: { field: value } }` and
 * the licence's yes/no summary. Products without a card (or of another kind) show a dash there.
 */
export type CardValue = string | number | boolean | readonly string[] | null;

interface CardLike {
  kind?: string | null;
  commercial_use?: boolean;
  redistribution?: boolean;
  modification?: boolean;
  [part: string]: unknown;
}

export const LICENSE_SUMMARY_FIELDS = ['commercial_use', 'redistribution', 'modification'] as const;

function cardOf(product: PublicProduct): CardLike | null {
  const card = (product as PublicProduct & { card?: unknown }).card;
  return card && typeof card === 'object' ? (card as CardLike) : null;
}

function isCardValue(value: unknown): value is CardValue {
  return (
    value === null ||
    ['string', 'number', 'boolean'].includes(typeof value) ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string'))
  );
}

/** Every card field any of the products has, in first-seen order, with each product's value. */
export function cardRows(products: readonly PublicProduct[]): { field: string; values: (CardValue | undefined)[] }[] {
  const fields: string[] = [];
  const parts = products.map((product) => {
    const card = cardOf(product);
    const part = card?.kind ? card[card.kind] : null;
    const fieldsOfPart = part && typeof part === 'object' ? (part as Record<string, unknown>) : {};
    for (const [field, value] of Object.entries(fieldsOfPart))
      if (isCardValue(value) && !fields.includes(field)) fields.push(field);
    return fieldsOfPart;
  });
  return fields.map((field) => ({
    field,
    values: parts.map((part) => {
      const value = part[field];
      return isCardValue(value) ? value : undefined;
    }),
  }));
}

/** The licence's plain-language summary (commercial use, redistribution, modification), when the card gives it. */
export function licenseSummary(product: PublicProduct): Record<(typeof LICENSE_SUMMARY_FIELDS)[number], boolean> | null {
  const card = cardOf(product);
  if (!card || typeof card.commercial_use !== 'boolean') return null;
  return {
    commercial_use: card.commercial_use,
    redistribution: card.redistribution === true,
    modification: card.modification === true,
  };
}
