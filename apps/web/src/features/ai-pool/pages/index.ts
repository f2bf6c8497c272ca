export { AdminPoolDashboardPage } from './admin-pool-dashboard-page';
export { AdminPoolHistoryPage } from './admin-pool-history-page';
export { AdminPoolReportPage } from './admin-pool-report-page';
export { AdminPoolSettingsPage } from './admin-pool-settings-page';
