/** Every payouts query lives under this key: a seller's money, and the payments admin. */
export const payoutsQueryKey = ['payouts'] as const;
export const sellerPayoutsKey = [...payoutsQueryKey, 'seller'] as const;
export const adminPayoutsKey = [...payoutsQueryKey, 'admin'] as const;
