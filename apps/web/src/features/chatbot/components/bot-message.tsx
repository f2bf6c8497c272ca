import type { ChatBotMessage, ChatProductCard, ChatQuickReply } from '@app/shared';
import { Bot } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddToCartButton } from '@/components/add-to-cart-button';
import { ProductThumbnail } from '@/components/product-thumbnail';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { botText, rowText } from '../lib/bot-text';

export function BotMessage({
  message,
  withReplies,
  onReply,
}: {
  message: ChatBotMessage;
  withReplies: boolean;
  onReply: (value: ChatQuickReply) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2">
      <span className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
        <Bot className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1 space-y-2">
        <p className="rounded-2xl rounded-tl-sm bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          <span className="sr-only">{t('chatbot.assistant')}: </span>
          {botText(message)}
        </p>
        {message.rows && message.rows.length > 0 && (
          <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-xs dark:divide-slate-800 dark:border-slate-700">
            {message.rows.map((row) => {
              const { label, value } = rowText(row);
              return (
                <div key={row.label} className="flex justify-between gap-3 px-3 py-1.5">
                  <dt className="font-medium text-slate-700 dark:text-slate-300">{label}</dt>
                  <dd className="text-right text-slate-600 dark:text-slate-400">{value}</dd>
                </div>
              );
            })}
          </dl>
        )}
        {message.products && message.products.length > 0 && (
          <ul aria-label={t('chatbot.productsLabel')} className="space-y-2">
            {message.products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
        {message.link && (
          <Link to={message.link.href} className={buttonClasses('link', 'sm', 'text-sm')}>
            {linkLabel(message.link)}
          </Link>
        )}
        {withReplies && message.quick_replies && message.quick_replies.length > 0 && (
          <fieldset aria-label={t('chatbot.quickRepliesLabel')} className="flex min-w-0 flex-wrap gap-1.5 pt-1">
            {message.quick_replies.map((value) => (
              <button
                key={value}
                type="button"
                onClick={() => onReply(value)}
                className="rounded-full border border-indigo-200 bg-white px-3 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-indigo-800 dark:bg-slate-900 dark:text-indigo-300 dark:hover:bg-indigo-950"
              >
                {t(`chatbot.quickReplies.${value}`)}
              </button>
            ))}
          </fieldset>
        )}
      </div>
    </div>
  );
}

function linkLabel(link: { href: string; label: string }): string {
  if (link.href.startsWith('/products')) return i18n.t('chatbot.seeAll');
  if (link.href.startsWith('/compare')) return i18n.t('chatbot.openCompare');
  if (link.href.startsWith('/seller')) return i18n.t('chatbot.openSeller');
  return link.label;
}

/** Spec §2 chat card: image, title, short description, USD price, View link, Add to Cart. */
function ProductCard({ product }: { product: ChatProductCard }) {
  const { t } = useTranslation();
  return (
    <article className="flex gap-3 rounded-xl border border-slate-200 bg-white p-2.5 dark:border-slate-700 dark:bg-slate-900">
      <ProductThumbnail src={product.image} className="size-14 text-xs" />
      <div className="min-w-0 flex-1">
        <h3 className="truncate text-sm font-semibold text-slate-900 dark:text-white">{product.title}</h3>
        <p className="line-clamp-2 text-xs text-slate-600 dark:text-slate-400">{product.short_description}</p>
        {product.seller && product.seller_url && (
          <p className="truncate text-xs text-slate-600 dark:text-slate-400">
            <Trans
              i18nKey="productCard.byLink"
              values={{ seller: product.seller }}
              components={{
                seller: <Link to={product.seller_url} className="text-indigo-700 hover:underline dark:text-indigo-300" />,
              }}
            />
          </p>
        )}
        <div className="mt-1.5 flex flex-wrap items-center gap-2">
          <span className="text-sm font-bold text-slate-900 dark:text-white">{formatMoney(product.price)}</span>
          <Link
            to={product.url}
            aria-label={t('chatbot.viewProduct', { title: product.title })}
            className={cn(buttonClasses('outline', 'sm'), 'h-7 px-2 text-xs')}
          >
            {t('chatbot.view')}
          </Link>
          <AddToCartButton
            productId={product.id}
            title={product.title}
            price={product.price}
            size="sm"
            className="h-7 px-2 text-xs"
            label={t('chatbot.addToCart')}
          />
        </div>
      </div>
    </article>
  );
}
