/** Every seller query lives under this key, so one invalidation refreshes stats, chart and list. */
export const sellerQueryKey = ['seller'] as const;
