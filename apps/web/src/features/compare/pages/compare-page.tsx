import { COMPARE_MAX, COMPARE_MIN, type PublicProduct } from '@app/shared';
import { Check, GitCompareArrows, Minus, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AddToCartButton } from '@/components/add-to-cart-button';
import { DocumentTitle } from '@/components/document-title';
import { sellerPath } from '@/components/product-card';
import { ProductPrice } from '@/components/product-price';
import { ProductThumbnail } from '@/components/product-thumbnail';
import { RatingStars } from '@/components/rating-stars';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { categoryName, licenseName } from '@/lib/catalog-names';
import { comparePath, removeFromCompare } from '@/lib/compare-list';
import { formatDate, formatNumber } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useCompareProducts } from '../api/compare-products';
import { cardRows, LICENSE_SUMMARY_FIELDS, licenseSummary } from '../lib/card-rows';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids of `?ids=a,b,c`: valid, distinct, at most COMPARE_MAX (the server checks them again). */
export function readCompareIds(params: URLSearchParams): string[] {
  const ids = (params.get('ids') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => UUID.test(id));
  return [...new Set(ids)].slice(0, COMPARE_MAX);
}

/** `/compare?ids=…`: 2 to 4 products side by side. */
export function ComparePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ids = readCompareIds(params);
  const compared = useCompareProducts(ids);
  const products = compared.data?.products ?? [];

  let body: ReactNode;
  if (ids.length < COMPARE_MIN) body = <TooFew />;
  else if (compared.isPending)
    body = (
      <p role="status" className="mt-8 text-slate-600 dark:text-slate-400">
        {t('compare.loading')}
      </p>
    );
  else if (compared.isError)
    body = (
      <Alert tone="error" title={t('compare.loadFailed')} className="mt-8">
        <p>{translateMessage(errorMessage(compared.error, t('common.operationFailed')))}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void compared.refetch()}>
          {t('errors.tryAgain')}
        </Button>
      </Alert>
    );
  else
    body = (
      <>
        {compared.data.missing.length > 0 && (
          <Alert tone="info" className="mt-6">
            <p>{t('compare.missing', { count: compared.data.missing.length })}</p>
          </Alert>
        )}
        {products.length < COMPARE_MIN ? <TooFew /> : <CompareTable products={products} ids={ids} />}
      </>
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('compare.title')} />
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        <GitCompareArrows className="size-7 text-indigo-600 dark:text-indigo-400" aria-hidden />
        {t('compare.title')}
      </h1>
      {body}
    </div>
  );
}

function TooFew() {
  const { t } = useTranslation();
  return (
    <div className="mt-8 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
      <p className="text-slate-700 dark:text-slate-300">{t('compare.tooFew')}</p>
      <Link to="/products" className={buttonClasses('primary', 'md', 'mt-6')}>
        {t('common.browseProducts')}
      </Link>
    </div>
  );
}

function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return value ? (
    <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-300">
      <Check className="size-4" aria-hidden />
      {t('compare.yes')}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-slate-700 dark:text-slate-300">
      <X className="size-4" aria-hidden />
      {t('compare.no')}
    </span>
  );
}

/** A card field's value, or a dash (read out as "Not stated") where the product's card has none. */
function CardCell({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  if (value === undefined || value === '') {
    return (
      <span className="text-slate-500 dark:text-slate-400">
        <Minus className="inline size-4" aria-hidden />
        <span className="sr-only">{t('compare.notStated')}</span>
      </span>
    );
  }
  return <>{value}</>;
}

function CompareTable({ products, ids }: { products: PublicProduct[]; ids: string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = (id: string) => {
    removeFromCompare(id);
    navigate(comparePath(ids.filter((other) => other !== id)), { replace: true });
  };
  const summaries = products.map(licenseSummary);
  type Row = { label: string; cells: ReactNode[] };
  const rows: Row[] = [
    {
      label: t('compare.price'),
      cells: products.map((p) => (
        <ProductPrice key={p.id} price={p.price} originalPrice={p.original_price} payWhatYouWant={p.pay_what_you_want} />
      )),
    },
    {
      label: t('compare.rating'),
      cells: products.map((p) =>
        p.review_count > 0 ? <RatingStars key={p.id} rating={p.rating} count={p.review_count} /> : t('productCard.noReviews'),
      ),
    },
    { label: t('compare.sales'), cells: products.map((p) => formatNumber(p.sales_count)) },
    { label: t('compare.category'), cells: products.map((p) => categoryName(p.category)) },
    { label: t('compare.license'), cells: products.map((p) => licenseName(p.license)) },
    ...(summaries.some(Boolean)
      ? LICENSE_SUMMARY_FIELDS.map((field) => ({
          label: t(`compare.licenseSummary.${field}`),
          cells: summaries.map((summary, index) =>
            summary ? (
              <YesNo key={products[index]?.id} value={summary[field]} />
            ) : (
              <CardCell key={products[index]?.id} value={undefined} />
            ),
          ),
        }))
      : []),
    ...cardRows(products, t).map((row) => ({
      label: row.label,
      cells: row.values.map((value, index) => <CardCell key={products[index]?.id} value={value} />),
    })),
    {
      label: t('compare.seller'),
      cells: products.map((p) => (
        <Link key={p.id} to={sellerPath(p.seller_id, p.seller)} className="text-indigo-700 hover:underline dark:text-indigo-300">
          {p.seller}
        </Link>
      )),
    },
    { label: t('compare.updated'), cells: products.map((p) => formatDate(p.updated_at)) },
  ];
  return (
    <div className="mt-8 overflow-x-auto">
      <table className="w-full min-w-[40rem] table-fixed border-collapse text-sm">
        <caption className="sr-only">{t('compare.caption', { count: products.length })}</caption>
        <thead>
          <tr>
            <td className="w-40" />
            {products.map((product) => (
              <th key={product.id} scope="col" className="px-3 pb-4 text-left align-top font-normal">
                <ProductThumbnail src={product.images[0] ?? product.image} className="aspect-[8/5] w-full text-2xl" />
                <Link
                  to={`/products/${product.id}`}
                  className="mt-3 block font-semibold text-slate-900 hover:text-indigo-700 hover:underline dark:text-white"
                >
                  {product.title}
                </Link>
                <div className="mt-3 flex flex-wrap gap-2">
                  <AddToCartButton productId={product.id} title={product.title} price={product.price} size="sm" />
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => remove(product.id)}
                    aria-label={t('compare.removeLabel', { title: product.title })}
                  >
                    {t('compare.remove')}
                  </Button>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="py-3 pr-3 text-left font-medium text-slate-600 dark:text-slate-400">
                {row.label}
              </th>
              {row.cells.map((cell, index) => (
                <td key={products[index]?.id} className="px-3 py-3 align-top text-slate-900 dark:text-slate-100">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
