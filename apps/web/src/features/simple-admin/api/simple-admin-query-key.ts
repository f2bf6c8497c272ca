/** Every simple-admin query lives under this key. */
export const simpleAdminQueryKey = ['simple-admin'] as const;
