export { loadLegalTexts } from '../i18n';
export { PrivacyPage, TermsPage } from './legal-pages';
