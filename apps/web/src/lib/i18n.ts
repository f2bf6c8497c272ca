import { indexByText, LANGUAGES, type Language, loadMessageTable } from '@app/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Six languages (spec §3), every bundle loaded on demand: the first chunk carries no strings, the
 * start-up code loads the active language (and English, the fallback for any key a translation
 * lacks) before the first render. Each language has one file per namespace under `./i18n/`:
 * `L.json` (translation: the UI, a top-level key per feature), `L-preferences.json` (the language
 * picker and preferences), `L-errors.json` (server errors by `code`) and, loaded only by the legal
 * pages, `L-legal.json`. The `messages` namespace is the shared message catalogue
 * (packages/shared/src/messages): the server's and the shared schemas' messages by stable id.
 * A language whose files are not there yet shows English.
 */

type Bundle = Record<string, unknown>;
const bundleFiles = import.meta.glob<{ default: Bundle }>('./i18n/*.json');

/** Namespace → file suffix. The core ones are loaded with every language. */
const CORE_NAMESPACES: Record<string, string> = {
  translation: '',
  preferences: '-preferences',
  errors: '-errors',
  /** Not a file here: the shared catalogue (see loadBundle). */
  messages: '',
};
const extraNamespaces: Record<string, string> = {};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  defaultNS: 'translation',
  ns: Object.keys(CORE_NAMESPACES),
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

/** The `Intl` locale for each language (prices stay USD in every one). */
export const INTL_LOCALES: Record<Language, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  zh: 'zh-CN',
  ja: 'ja-JP',
};

/** The language the page shows now. */
export function activeLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
}

async function loadBundle(language: Language, namespace: string, suffix: string): Promise<void> {
  if (i18n.hasResourceBundle(language, namespace)) return;
  if (namespace === 'messages') {
    i18n.addResourceBundle(language, namespace, await loadMessageTable(language), true, true);
    return;
  }
  const load = bundleFiles[`./i18n/${language}${suffix}.json`];
  if (!load) return;
  const bundle = (await load()).default;
  i18n.addResourceBundle(language, namespace, bundle, true, true);
}

async function loadNamespaces(language: Language, namespaces: Record<string, string>): Promise<void> {
  const languages: Language[] = language === 'en' ? ['en'] : [language, 'en'];
  await Promise.all(
    languages.flatMap((lng) => Object.entries(namespaces).map(([namespace, suffix]) => loadBundle(lng, namespace, suffix))),
  );
}

/** Loads every bundle a language needs (and English for missing keys), without switching to it. */
export function loadLanguage(language: Language): Promise<void> {
  return loadNamespaces(language, { ...CORE_NAMESPACES, ...extraNamespaces });
}

/** Switches the page's language once its bundles are in; `<html lang>` follows. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  rememberLanguageForServer(language);
}

/**
 * The `lang` cookie tells the server which language to write the first paint of the next page in
 * (and which strings to preload); public/theme-init.js sets it on every page load too.
 */
function rememberLanguageForServer(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers the storefront serves
  document.cookie = `lang=${language}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Loads a namespace that only some pages need (the legal texts) for the active language, and
 * keeps loading it with every later language switch.
 */
export function loadNamespace(namespace: string, suffix: string): Promise<void> {
  extraNamespaces[namespace] = suffix;
  return loadNamespaces(activeLanguage(), { [namespace]: suffix });
}

type LooseT = (key: string, options: Record<string, unknown>) => string;

let englishIndex: ReadonlyMap<string, string> | undefined;

/**
 * The catalogue id of an English message (a shared schema's zod message, a server text without
 * its id): `messageIdOf` of @app/shared, read from the English table once it is loaded (start-up
 * loads it with every language), so the first chunk carries no strings.
 */
export function messageIdIn(english: string): string | undefined {
  if (!englishIndex) {
    const table = i18n.getResourceBundle('en', 'messages') as Record<string, string> | undefined;
    if (!table) return undefined;
    englishIndex = indexByText(table);
  }
  return englishIndex.get(english);
}

/** The English text of a catalogue id this storefront knows (undefined for an id newer than its catalogue). */
export function englishMessage(id: string): string | undefined {
  const text = i18n.getResource('en', 'messages', id, { keySeparator: false });
  return typeof text === 'string' && text ? text : undefined;
}

/**
 * Translates an English message that came from a schema or the server (found by its catalogue id,
 * or by `messageId` when the server sent it); unknown ones stay as they are.
 */
export function translateMessage(message: string, messageId?: string | null): string {
  const id = messageId ?? messageIdIn(message);
  if (!id) return message;
  return (i18n.t as unknown as LooseT)(id, {
    ns: 'messages',
    keySeparator: false,
    nsSeparator: false,
    defaultValue: message,
  });
}

/**
 * The server's error in the reader's language: by its `messageId` (or the catalogue id of its
 * English `detail`) when the catalogue has it, else the meaning of its `code`, else the `detail`
 * as sent. English readers get the `detail` itself, which is the most specific.
 */
export function translateServerError(detail: string, code: string | null, messageId?: string | null): string {
  const language = activeLanguage();
  if (language === 'en') return detail;
  const id = messageId ?? messageIdIn(detail);
  const specific = id ? i18n.getResource(language, 'messages', id, { keySeparator: false }) : undefined;
  if (typeof specific === 'string' && specific) return specific;
  const byCode = code ? i18n.getResource(language, 'errors', code) : undefined;
  if (typeof byCode === 'string' && byCode) return byCode;
  return detail;
}
