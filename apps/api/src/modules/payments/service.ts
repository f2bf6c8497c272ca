/** What other modules use of payments: settling a charge, releasing a payment claim, approving a refund. */
export { confirmPayment, releaseClaim, settleReadCharge } from './confirm';
export { approveRefund } from './refunds';
export { announcePayment, payOrderInTx, settleCharge } from './settle';

/**
 * What a page that loads Stripe.js (Elements) must allow in its CSP, from Stripe's security guide:
 * its script (js.stripe.com and its subdomains), its frames (the same, and hooks.stripe.com for 3-D
 * Secure) and its API. Used by the storefront's policy and by the buy-button overlay's.
 */
export const STRIPE_JS_ORIGINS = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;
