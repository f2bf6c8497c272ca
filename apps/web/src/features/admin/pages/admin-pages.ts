/** The admin console's pages, loaded together on first visit to /admin; each domain's page lives in its feature. */
export { AdminOrdersPage } from '@/features/orders/pages/admin-orders-page';
export { AdminProductsPage } from '@/features/products/pages/admin-products-page';
export { AdminPromoCodesPage } from '@/features/promo-codes/pages/admin-promo-codes-page';
export { AdminTaxPage } from '@/features/tax/pages/admin-tax-page';
export { AdminUsersPage } from '@/features/users/pages/admin-users-page';
export { AdminHomePage } from './admin-home-page';
export { AdminNotificationsPage } from './admin-notifications-page';
export { AdminSettingsPage } from './admin-settings-page';
export { AdminSimpleAdminsPage } from './admin-simple-admins-page';
export { AdminStatsPage } from './admin-stats-page';
