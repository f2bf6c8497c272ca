/** The admin console's pages, loaded together on first visit to /admin. */
export { AdminHomePage } from './admin-home-page';
export { AdminNotificationsPage } from './admin-notifications-page';
export { AdminOrdersPage } from './admin-orders-page';
export { AdminProductsPage } from './admin-products-page';
export { AdminPromoCodesPage } from './admin-promo-codes-page';
export { AdminSettingsPage } from './admin-settings-page';
export { AdminSimpleAdminsPage } from './admin-simple-admins-page';
export { AdminStatsPage } from './admin-stats-page';
export { AdminUsersPage } from './admin-users-page';
