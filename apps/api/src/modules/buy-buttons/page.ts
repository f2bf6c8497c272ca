import { createHash } from 'node:crypto';
import {
  formatMessage,
  ISO_COUNTRY_CODES,
  type Language,
  MESSAGE_CATALOGUE,
  type MessageId,
  type PublicProduct,
  US_STATE_CODES,
} from '@app/shared';

/** The overlay's texts the frame script fills in itself (the rest is painted here). */
const SCRIPT_TEXTS = {
  working: 'embed.working',
  net: 'embed.net',
  tax: 'embed.tax',
  total: 'embed.total',
  payAmount: 'embed.payAmount',
  success: 'embed.success',
  mailSent: 'embed.mailSent',
  download: 'embed.download',
  pending: 'embed.pending',
  network: 'embed.network',
  cardFailed: 'embed.cardFormFailed',
  confirmLost: 'embed.confirmLost',
  declined: 'embed.cardDeclined',
} as const satisfies Record<string, MessageId>;

/** The page's only style sheet, inline and allowed by its hash (no 'unsafe-inline'). */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#fff}
main{padding:20px 20px 16px}
h1{font-size:1.15rem;margin:0 40px 4px 0}
h2{font-size:1rem;margin:0 0 8px}
p{margin:0 0 10px}
.price{font-weight:600}
.note{font-size:.85rem;color:#475569}
.test{background:#fef3c7;color:#78350f;border-radius:8px;padding:8px 10px;font-size:.85rem}
label,.label{display:block;font-weight:600;margin:12px 0 4px}
input,select{width:100%;font:inherit;padding:9px 10px;border:1px solid #64748b;border-radius:8px;color:#0f172a;background:#fff}
input:focus,select:focus,button:focus,a:focus{outline:3px solid #2563eb;outline-offset:2px}
.card{border:1px solid #64748b;border-radius:8px;padding:11px 10px;min-height:44px;background:#fff}
.card.StripeElement--focus{outline:3px solid #2563eb;outline-offset:2px}
.card.StripeElement--invalid{border-color:#b91c1c}
.row{display:flex;gap:10px}.row>div{flex:1}
button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:11px 14px;cursor:pointer}
.primary{width:100%;margin-top:16px;background:#1d4ed8;color:#fff}
.primary[disabled]{background:#64748b}
.secondary{background:#e2e8f0;color:#0f172a;margin-top:8px}
.error{background:#fee2e2;color:#7f1d1d;border-radius:8px;padding:8px 10px;margin-top:12px}
.error ul{margin:4px 0 0;padding-left:18px}
dl{display:grid;grid-template-columns:1fr auto;gap:4px 12px;margin:0 0 8px}dd{margin:0;text-align:right;font-weight:600}
a{color:#1d4ed8}
footer{font-size:.8rem;color:#475569;padding:0 20px 16px}
`;

/** The domains whose messages a guest checkout can answer with (checkout, cart, promo, payment, tax, e-mail field). */
const ERROR_DOMAINS = ['guest', 'cart', 'promo', 'promoCodes', 'orders', 'payments', 'common', 'tax', 'catalog'];
const errorTextCache = new Map<Language, Record<string, string>>();

/**
 * The server's messages the overlay may get, in `language`, by id: the frame shows an answer's
 * `messageId` in the page's language (its English `detail` otherwise). None for English.
 */
function errorTexts(language: Language): Record<string, string> {
  if (language === 'en') return {};
  let texts = errorTextCache.get(language);
  if (!texts) {
    const english = MESSAGE_CATALOGUE.en as Record<string, string>;
    const table = MESSAGE_CATALOGUE[language] as Record<string, string>;
    texts = Object.fromEntries(
      Object.entries(table).filter(([id, text]) => {
        const domain = id.split('.')[0] ?? '';
        const wanted = ERROR_DOMAINS.includes(domain) || (domain === 'auth' && /e-?mail/i.test(english[id] ?? ''));
        return wanted && !text.includes('{{') && !id.includes('_');
      }),
    );
    errorTextCache.set(language, texts);
  }
  return texts;
}

export const OVERLAY_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON for a `<script type="application/json">` block: no `<` can end the block. */
function scriptSafe(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const money = (amount: number) => `$${amount.toFixed(2)}`;

/**
 * How the overlay takes the card. `unavailable`: Stripe is the provider but the shop has no
 * publishable key, so no card form can load here and the overlay sends the buyer to the shop.
 */
export type OverlayPayment = { provider: 'test' } | { provider: 'stripe'; publishableKey: string } | { provider: 'unavailable' };

export interface OverlayPageInput {
  product: PublicProduct;
  language: Language;
  /** The host page's origin as the host script named it (the frame talks only to it). */
  origin: string | null;
  siteName: string;
  /** Who takes the card: the built-in test processor's form, Stripe's card Element, or neither (decision 0049). */
  payment: OverlayPayment;
  /** The overlay's script, its version in the URL. */
  scriptUrl: string;
  /** Whether the guest checkout takes a billing country (tax, decision 0044): then the overlay asks for it. */
  billingCountry: boolean;
}

/** The overlay checkout page: server-painted, one small same-origin script, no framework. */
export function renderOverlayPage(input: OverlayPageInput): string {
  const { product, language } = input;
  const t = (id: MessageId, values?: Record<string, string | number>) => escapeHtml(formatMessage(language, id, values));
  const pwyw = product.pay_what_you_want;
  const free = !pwyw && product.price === 0;
  const priceLine = pwyw
    ? t('embed.pwyw', { min: money(product.price), suggested: money(product.suggested_price ?? product.price) })
    : free
      ? t('embed.freeProduct')
      : t('embed.price', { price: money(product.price) });
  const texts = Object.fromEntries(Object.entries(SCRIPT_TEXTS).map(([key, id]) => [key, formatMessage(language, id)]));
  const data = {
    product_id: product.id,
    pay_what_you_want: pwyw,
    language,
    origin: input.origin,
    texts,
    messages: errorTexts(language),
  };
  const amountField = pwyw
    ? `<label for="amount">${t('embed.amount')}</label><input id="amount" name="amount" inputmode="decimal" required value="${(product.suggested_price ?? product.price).toFixed(2)}">`
    : '';
  const countryFields = input.billingCountry ? billingFields(language, t('embed.country'), t('embed.countryNone')) : '';
  const productUrl = `/products/${encodeURIComponent(product.id)}`;
  const payStep = payStepHtml(input.payment, t, productUrl);

  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${t('embed.pageTitle', { title: product.title })}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(product.title)}</h1>
<p class="price">${priceLine}</p>
<section id="step-details" aria-labelledby="details-heading">
<h2 id="details-heading" class="note" tabindex="-1">${t('embed.pageTitle', { title: product.title })}</h2>
<form id="details-form" novalidate>
${amountField}
<label for="email">${t('embed.email')}</label><input id="email" name="email" type="email" autocomplete="email" required aria-describedby="email-hint">
<p id="email-hint" class="note">${t('embed.emailHint')}</p>
<label for="promo">${t('embed.promo')}</label><input id="promo" name="promo" autocomplete="off" maxlength="50">
${countryFields}
<div id="details-error" class="error" role="alert" tabindex="-1" hidden></div>
<button id="details-submit" class="primary" type="submit">${t('embed.continue')}</button>
</form>
</section>
<section id="step-pay" aria-labelledby="pay-heading" hidden>
<h2 id="pay-heading" tabindex="-1">${t('embed.total')}</h2>
<dl id="summary"></dl>
${payStep}
</section>
<section id="step-done" aria-labelledby="done-text" hidden>
<h2 id="done-text" tabindex="-1"></h2>
<p id="done-mail"></p>
<p><a id="receipt-link" href="#" target="_blank" rel="noopener">${t('embed.receipt')}</a></p>
<ul id="downloads"></ul>
<button id="done-close" class="secondary" type="button">${t('embed.close')}</button>
</section>
</main>
<footer>${t('embed.securedBy', { site: input.siteName })}</footer>
<script type="application/json" id="embed-data">${scriptSafe(data)}</script>
<script src="${escapeHtml(input.scriptUrl)}"></script>
</body>
</html>`;
}

/** The card step: the test processor's own fields, Stripe's card Element (mounted by the frame script), or a link to the shop. */
function payStepHtml(payment: OverlayPayment, t: (id: MessageId) => string, productUrl: string): string {
  const back = `<button id="pay-back" class="secondary" type="button">${t('embed.back')}</button>`;
  const errorBox = '<div id="pay-error" class="error" role="alert" tabindex="-1" hidden></div>';
  if (payment.provider === 'test') {
    return `<form id="pay-form" novalidate>
<p class="test">${t('embed.testMode')}</p>
<label for="card-number">${t('embed.cardNumber')}</label><input id="card-number" name="card-number" inputmode="numeric" autocomplete="cc-number" required>
<div class="row"><div><label for="card-month">${t('embed.cardMonth')}</label><input id="card-month" name="card-month" inputmode="numeric" autocomplete="cc-exp-month" maxlength="2" required></div>
<div><label for="card-year">${t('embed.cardYear')}</label><input id="card-year" name="card-year" inputmode="numeric" autocomplete="cc-exp-year" maxlength="4" required></div>
<div><label for="card-cvc">${t('embed.cardCvc')}</label><input id="card-cvc" name="card-cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></div></div>
${errorBox}
<button id="pay-submit" class="primary" type="submit">${t('embed.continue')}</button>
${back}
</form>`;
  }
  if (payment.provider === 'stripe') {
    // The publishable key only (it is public by design); the secret key never leaves the server.
    return `<form id="pay-form" novalidate data-provider="stripe" data-stripe-key="${escapeHtml(payment.publishableKey)}">
<p id="card-label" class="label">${t('embed.card')}</p>
<div id="card-element" class="card" role="group" aria-labelledby="card-label"></div>
${errorBox}
<p id="shop-fallback" hidden><a href="${productUrl}" target="_blank" rel="noopener">${t('embed.openShop')}</a></p>
<button id="pay-submit" class="primary" type="submit">${t('embed.continue')}</button>
<button id="pay-check" class="secondary" type="button" hidden>${t('embed.checkAgain')}</button>
${back}
</form>`;
  }
  return `<p>${t('embed.cardsElsewhere')}</p><p><a href="${productUrl}" target="_blank" rel="noopener">${t('embed.openShop')}</a></p>
<button id="pay-submit" hidden></button>${back}<div id="pay-error" hidden></div><form id="pay-form" hidden></form>`;
}

/** The overlay of a product that is not on sale: the shop's message, in a page the host may still frame. */
export function renderOverlayMissing(language: Language, message: MessageId): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(formatMessage(language, message))}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(formatMessage(language, message))}</h1></main></body>
</html>`;
}

/** The billing country (and, for the United States, the state) in the page's language, sorted by name. */
function billingFields(language: Language, label: string, none: string): string {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const options = (codes: readonly string[], name: (code: string) => string) =>
    codes
      .map((code) => ({ code, name: name(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, language))
      .map((o) => `<option value="${o.code}">${escapeHtml(o.name)}</option>`)
      .join('');
  return `<label for="country">${label}</label><select id="country" name="country" autocomplete="country"><option value="">${none}</option>${options(
    ISO_COUNTRY_CODES,
    (code) => names.of(code) ?? code,
  )}</select>
<div id="region-field" hidden><label for="region">${escapeHtml(formatMessage(language, 'embed.region'))}</label><select id="region" name="region" autocomplete="address-level1"><option value=""></option>${options(
    US_STATE_CODES,
    (code) => code,
  )}</select></div>`;
}
