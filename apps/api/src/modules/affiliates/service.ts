/** What other modules use of affiliates: the referral cookie, an order's attribution and the commission on a sale. */
export { attributeOrder } from './attribution';
export { affiliateCommissionCents } from './commission';
export { REFERRAL_COOKIE } from './referral-cookie';
