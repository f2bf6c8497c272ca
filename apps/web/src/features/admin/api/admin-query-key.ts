/** Every admin-console query lives under this key; each section adds its own name. */
export const adminQueryKey = ['admin'] as const;
