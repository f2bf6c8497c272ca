import 'i18next';
import type en from './en.json';
import type enErrors from './en-errors.json';
import type enLegal from './en-legal.json';
import type enPreferences from './en-preferences.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /**
     * Every namespace is loaded per language on demand (lib/i18n.ts); `legal` only by the legal pages.
     * `messages` (the shared catalogue, stable id → text) is read through `translateMessage`, untyped.
     */
    resources: { translation: typeof en; legal: typeof enLegal; preferences: typeof enPreferences; errors: typeof enErrors };
  }
}
