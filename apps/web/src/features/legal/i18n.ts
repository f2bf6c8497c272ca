import { i18n } from '@/lib/i18n';
import enLegal from '@/lib/i18n/en-legal.json';

/** The long legal texts live in their own namespace, bundled with the legal pages rather than the first chunk. */
export const LEGAL_NAMESPACE = 'legal';

if (!i18n.hasResourceBundle('en', LEGAL_NAMESPACE)) {
  i18n.addResourceBundle('en', LEGAL_NAMESPACE, enLegal);
}
