import { useAuth } from './auth-store';

/**
 * Data that belongs to the signed-in user is cached under their id: `[...base, userId, ...rest]`.
 * A different user in the same tab asks for different keys and so never sees the previous
 * user's answers; invalidating by `base` still reaches every entry.
 */
export function userQueryKey<const Base extends readonly unknown[], const Rest extends readonly unknown[]>(
  base: Base,
  userId: string,
  ...rest: Rest
) {
  return [...base, userId, ...rest] as const;
}

/** The id user-specific query keys are scoped by ('anonymous' before sign-in). */
export function useViewerId(): string {
  return useAuth().user?.id ?? 'anonymous';
}
