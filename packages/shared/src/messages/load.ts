import type { Language } from '../preferences';
import type { MessageTable } from './format';

const TABLES: Record<Language, () => Promise<{ default: MessageTable }>> = {
  en: () => import('./en.json'),
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  zh: () => import('./zh.json'),
  ja: () => import('./ja.json'),
};

/** One language's table of the catalogue, loaded on demand (a bundler gives each its own chunk; the storefront loads them as i18next's `messages` namespace). */
export async function loadMessageTable(language: Language): Promise<MessageTable> {
  return (await TABLES[language]()).default;
}
