import type { TFunction } from 'i18next';
import { formatMoney } from './format';

/** A product's price as one short text: "Free", "Pay what you want, from $X", or the amount. */
export function priceText(t: TFunction, product: { price: number; pay_what_you_want?: boolean }): string {
  if (product.pay_what_you_want) return t('productCard.payWhatYouWantFrom', { price: formatMoney(product.price) });
  return product.price === 0 ? t('productCard.free') : formatMoney(product.price);
}
