/** Routes other modules register: the payout-account routes, for sellers here and for affiliates. */
export { type PayoutAccountRouteOptions, payoutAccountRoutes } from './account-routes';
