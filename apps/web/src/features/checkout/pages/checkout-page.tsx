import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { buttonClasses } from '@/components/ui/button';
import { PlaceholderPage } from '@/components/ui/placeholder-page';

export function CheckoutPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage icon={CreditCard} title={t('checkout.title')} description={t('checkout.comingSoon')}>
      <DocumentTitle title={t('checkout.title')} />
      <Link to="/cart" className={buttonClasses('outline')}>
        {t('checkout.backToCart')}
      </Link>
    </PlaceholderPage>
  );
}
