import { hasRole, type PublicProduct } from '@app/shared';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { buttonClasses } from '@/components/ui/button';
import { PlaceholderPage } from '@/components/ui/placeholder-page';
import { SellerLicenses } from '@/features/licenses/components/seller-licenses';
import { SellerPayouts } from '@/features/payouts/components/seller-payouts';
import { SellerProductUpdates } from '@/features/product-updates/components/seller-product-updates';
import { ApiTokensCard } from '@/features/seller-api/components/api-tokens-card';
import { WebhooksCard } from '@/features/seller-api/components/webhooks-card';
import { SellerPromoCodesCard } from '@/features/seller-promo-codes/components/seller-promo-codes-card';
import { useRequiredUser } from '@/lib/auth-store';
import { BecomeSellerCard } from '../components/become-seller-card';
import { type DashboardSection, DashboardSections } from '../components/dashboard-sections';
import { ProductEditor } from '../components/product-editor';
import { SalesChart } from '../components/sales-chart';
import { SellerProducts } from '../components/seller-products';
import { SellerProfileCard } from '../components/seller-profile-form';
import { SellerStats } from '../components/seller-stats';

type Editor = { product?: PublicProduct } | null;

/** /seller: sellers (and admins) manage their products; a buyer is offered the seller terms first. */
export function SellerPage() {
  const { t } = useTranslation();
  const user = useRequiredUser();

  if (hasRole(user.role, ['simple_admin'])) {
    return (
      <PlaceholderPage icon={ShieldCheck} title={t('seller.title')} description={t('seller.simpleAdminNote')}>
        <DocumentTitle title={t('seller.title')} />
        <Link to="/simple-admin" className={buttonClasses()}>
          {t('seller.openSimpleAdmin')}
        </Link>
      </PlaceholderPage>
    );
  }
  if (!hasRole(user.role, ['seller', 'admin'])) {
    return (
      <div className="px-4 py-12 sm:px-6">
        <DocumentTitle title={t('seller.become.title')} />
        <BecomeSellerCard />
      </div>
    );
  }
  return <SellerDashboard />;
}

function SellerDashboard() {
  const { t } = useTranslation();
  const [editor, setEditor] = useState<Editor>(null);
  const sections: DashboardSection[] = [
    {
      id: 'seller-overview',
      label: t('seller.sections.overview'),
      content: (
        <>
          <SellerStats />
          <SalesChart />
        </>
      ),
    },
    {
      id: 'seller-products',
      label: t('seller.sections.products'),
      content: (
        <>
          {editor && <ProductEditor key={editor.product?.id ?? 'new'} product={editor.product} onClose={() => setEditor(null)} />}
          <SellerProducts onAdd={() => setEditor({})} onEdit={(product) => setEditor({ product })} />
        </>
      ),
    },
    { id: 'seller-discounts', label: t('seller.sections.discounts'), content: <SellerPromoCodesCard /> },
    { id: 'seller-profile', label: t('seller.sections.profile'), content: <SellerProfileCard /> },
    { id: 'seller-licences', label: t('seller.sections.licences'), content: <SellerLicenses /> },
    { id: 'seller-updates', label: t('seller.sections.updates'), content: <SellerProductUpdates /> },
    { id: 'seller-payouts', label: t('seller.sections.payouts'), content: <SellerPayouts /> },
    {
      id: 'seller-developers',
      label: t('seller.sections.developers'),
      content: (
        <>
          <ApiTokensCard />
          <WebhooksCard />
        </>
      ),
    },
  ];
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('seller.title')} />
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('seller.title')}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('seller.subtitle')}</p>
      </div>
      <DashboardSections sections={sections} />
    </div>
  );
}
