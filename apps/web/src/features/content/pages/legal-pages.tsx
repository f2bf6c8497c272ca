import { useTranslation } from 'react-i18next';
import { ContentPage } from '../components/content-page';

/** Placeholders: the full legal text with its table of contents comes in the legal-pages issue (spec §2 Legal pages). */
export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <ContentPage title={t('legal.privacyTitle')} lead={t('legal.effective')}>
      <p>{t('legal.privacyIntro')}</p>
      <p>{t('legal.placeholder')}</p>
    </ContentPage>
  );
}

export function TermsPage() {
  const { t } = useTranslation();
  return (
    <ContentPage title={t('legal.termsTitle')} lead={t('legal.effective')}>
      <p>{t('legal.termsIntro')}</p>
      <p>{t('legal.placeholder')}</p>
    </ContentPage>
  );
}
