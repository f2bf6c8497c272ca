import 'i18next';
import type en from './en.json';
import type enLegal from './en-legal.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /** `legal` is loaded with the legal pages (features/legal/i18n.ts), not in the first chunk. */
    resources: { translation: typeof en; legal: typeof enLegal };
  }
}
