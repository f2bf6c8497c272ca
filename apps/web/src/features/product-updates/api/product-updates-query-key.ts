/** Every product update query lives under this key: one invalidation refreshes notes, counts and settings. */
export const productUpdatesQueryKey = ['product-updates'] as const;
