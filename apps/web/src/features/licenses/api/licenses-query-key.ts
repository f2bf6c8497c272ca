/** Every licence query lives under this key, so one invalidation refreshes the buyer's and the seller's lists. */
export const licensesQueryKey = ['licenses'] as const;
