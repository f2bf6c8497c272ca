import { productPromoCode } from '@app/shared';
import { formatMoney, formatNumber } from './format';
import { i18n } from './i18n';

type Describe = (match: RegExpMatchArray, code: string) => string | null;

const percent = (value: string | undefined) => formatNumber(Number(value));
const amount = (value: string | undefined) => formatMoney(Number(value));

/** The wordings the marketplace itself writes, most specific first. */
const KNOWN: [RegExp, Describe][] = [
  // The server's own default for a code without a description (cart/promos.ts describePromo).
  [/^(\d+(?:\.\d+)?)% off$/, (m) => i18n.t('cart.promo.descriptions.percentOff', { value: percent(m[1]) })],
  [/^\$(\d+(?:\.\d{1,2})?) off$/, (m) => i18n.t('cart.promo.descriptions.amountOff', { amount: amount(m[1]) })],
  // The demo codes (SAVE10, WELCOME, STUDENT).
  [/^(\d+(?:\.\d+)?)% off your order$/, (m) => i18n.t('cart.promo.descriptions.percentOffOrder', { value: percent(m[1]) })],
  [
    /^\$(\d+(?:\.\d{1,2})?) off your first order$/,
    (m) => i18n.t('cart.promo.descriptions.amountOffFirstOrder', { amount: amount(m[1]) }),
  ],
  [/^(\d+(?:\.\d+)?)% student discount$/, (m) => i18n.t('cart.promo.descriptions.studentDiscount', { value: percent(m[1]) })],
  // A product's own code ("20% off Chatbot Builder" for CHATBOT20): the title stays as the seller wrote it.
  [
    /^(\d+(?:\.\d+)?)% off (.+)$/,
    (m, code) =>
      m[2] && productPromoCode(m[2]) === code.toUpperCase()
        ? i18n.t('cart.promo.descriptions.percentOffProduct', { value: percent(m[1]), title: m[2] })
        : null,
  ],
];

/**
 * A promo code's description comes from the server in English: an admin's text, or one the
 * marketplace wrote. Those the marketplace wrote are shown in the reader's language; any other
 * text is shown as its author wrote it, never guessed at.
 */
export function promoDescription(code: string, description: string): string {
  const text = description.trim();
  for (const [pattern, describe] of KNOWN) {
    const match = text.match(pattern);
    if (!match) continue;
    const translated = describe(match, code);
    if (translated !== null) return translated;
  }
  return description;
}
