/** What other modules use of payouts: balances, payout settings and the sellers' payout accounts. */
export { deletePayoutAccount, getPayoutAccount, lockPayoutAccountsOfOrder, savePayoutAccount } from './accounts';
export { sellerBalanceCents } from './balances';
export { readPayoutSettings } from './settings';
