/** The payments admin pages, loaded together on first visit. */
export { AdminBankAccountsPage } from './admin-bank-accounts-page';
export { AdminPayoutSettingsPage } from './admin-payout-settings-page';
export { AdminTransfersPage } from './admin-transfers-page';
