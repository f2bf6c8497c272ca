import { loadNamespace } from '@/lib/i18n';

/** The long legal texts live in their own namespace (`L-legal.json`), loaded with the legal pages, never in the first chunk. */
export const LEGAL_NAMESPACE = 'legal';

/** Loads the legal texts in the active language (and keeps them loaded across language switches). */
export function loadLegalTexts(): Promise<void> {
  return loadNamespace(LEGAL_NAMESPACE, '-legal');
}
