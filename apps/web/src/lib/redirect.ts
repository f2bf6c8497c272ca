/** The page a signed-out visitor tried to open, carried to /login as router state `from`. */
export interface FromState {
  from?: string;
}

export function pathOf(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** A safe in-app path to return to after sign-in, or null (never another origin or an auth page). */
export function rememberedPath(state: unknown): string | null {
  const from = typeof state === 'object' && state !== null ? (state as FromState).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  if (/^\/(login|register|forgot-password|reset-password|admin\/login)(\/|\?|#|$)/.test(from)) return null;
  return from;
}
