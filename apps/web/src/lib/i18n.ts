import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './i18n/en.json';

/**
 * One `translation` namespace with a top-level key per feature (`auth.login.title`).
 * Another language is one more resource file added here. Messages that arrive as
 * English text (spec §5 validation from the shared schemas, server `detail`s) go
 * through `translateMessage`, which looks them up in the `messages` namespace by their
 * English text and falls back to that text.
 */
export const resources = {
  en: { translation: en, messages: {} },
} as const;

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: Object.keys(resources),
  defaultNS: 'translation',
  ns: ['translation', 'messages'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

type LooseT = (key: string, options: Record<string, unknown>) => string;

/** Translates an English message that came from a schema or the server. */
export function translateMessage(message: string): string {
  return (i18n.t as unknown as LooseT)(message, {
    ns: 'messages',
    keySeparator: false,
    nsSeparator: false,
    defaultValue: message,
  });
}
