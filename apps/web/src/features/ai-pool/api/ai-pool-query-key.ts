/** Every AI token pool query lives under this key, so a transfer or a settings change refreshes them all. */
export const aiPoolQueryKey = ['ai-pool'] as const;
