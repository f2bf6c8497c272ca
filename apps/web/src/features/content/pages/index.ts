export { AboutPage } from './about-page';
export { ContactPage } from './contact-page';
export { PrivacyPage, TermsPage } from './legal-pages';
