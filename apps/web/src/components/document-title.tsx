import { useTranslation } from 'react-i18next';

/** React 19 hoists <title> into <head>. */
export function DocumentTitle({ title }: { title?: string }) {
  const { t } = useTranslation();
  const site = t('brand.full');
  return <title>{title ? `${title} · ${site}` : site}</title>;
}
