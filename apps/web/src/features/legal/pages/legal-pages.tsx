import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { LegalContactCard } from '../components/legal-contact-card';
import { type LegalBlock, LegalDocument, type LegalSection } from '../components/legal-document';
import { LEGAL_NAMESPACE } from '../i18n';
import { useLegalValues } from '../lib/legal-values';

/** Spec §2: the privacy policy's 8 sections, in order (i18n key → anchor id). */
const PRIVACY_SECTIONS = [
  ['introduction', 'introduction'],
  ['collection', 'information-collection'],
  ['use', 'information-use'],
  ['sharing', 'sharing'],
  ['security', 'data-security'],
  ['rights', 'privacy-rights'],
  ['cookies', 'cookies'],
  ['contact', 'contact'],
] as const;

/** Spec §2: the terms' 9 sections, in order. */
const TERMS_SECTIONS = [
  ['acceptance', 'acceptance'],
  ['service', 'service-description'],
  ['accounts', 'user-accounts'],
  ['marketplace', 'marketplace-rules'],
  ['payment', 'payment-terms'],
  ['ip', 'intellectual-property'],
  ['prohibited', 'prohibited-uses'],
  ['disputes', 'dispute-resolution'],
  ['contact', 'contact'],
] as const;

type Document = 'privacy' | 'terms';

function useSections(document: Document, keys: readonly (readonly [string, string])[]) {
  const { t } = useTranslation(LEGAL_NAMESPACE);
  const legal = useLegalValues();
  const loose = t as unknown as (key: string, options: Record<string, unknown>) => unknown;
  const sections: LegalSection[] = keys.map(([key, id]) => {
    const section = loose(`${document}.sections.${key}`, { ...legal.values, returnObjects: true }) as {
      title: string;
      body: LegalBlock[];
    };
    return {
      id,
      title: section.title,
      body: section.body,
      extra: key === 'contact' ? <LegalContactCard settings={legal.settings} /> : undefined,
    };
  });
  return { sections, legal };
}

function LegalPage({
  document,
  keys,
  related,
}: {
  document: Document;
  keys: readonly (readonly [string, string])[];
  related: Document;
}) {
  const { t } = useTranslation(LEGAL_NAMESPACE);
  const { sections, legal } = useSections(document, keys);
  return (
    <LegalDocument
      title={t(`${document}.title`)}
      lead={t(`${document}.lead`, { site: legal.values.site })}
      dates={legal.dates}
      sections={sections}
      notice={legal.splitMissing ? <Alert tone="error">{t('page.figuresMissing')}</Alert> : undefined}
      related={{ to: `/${related}`, label: t(`${related}.title`) }}
    />
  );
}

export function PrivacyPage() {
  return <LegalPage document="privacy" keys={PRIVACY_SECTIONS} related="terms" />;
}

export function TermsPage() {
  return <LegalPage document="terms" keys={TERMS_SECTIONS} related="privacy" />;
}
