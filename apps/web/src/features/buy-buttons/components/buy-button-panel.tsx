import { buyButtonHtml } from '@app/shared';
import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { notify } from '@/lib/notify';
import { useBuyButtonSnippet } from '../api/get-buy-button-snippet';

/**
 * For the product's seller: the snippet to paste on their own site (decision 0047), with the shop's
 * public addresses from the server, the link text they choose and a Copy button.
 */
export function BuyButtonPanel({ productId, published }: { productId: string; published: boolean }) {
  const { t } = useTranslation();
  const ids = { snippet: useId(), text: useId(), status: useId() };
  const snippet = useBuyButtonSnippet(productId, true);
  const [linkText, setLinkText] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  if (!snippet.data) return null;
  const text = linkText ?? t('buyButton.defaultText', { title: snippet.data.product_title });
  const html = buyButtonHtml(snippet.data, text.trim() || t('buyButton.defaultText', { title: snippet.data.product_title }));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(html);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      notify.error(t('buyButton.copyFailed'));
    }
  };
  return (
    <Card className="mt-10">
      <CardHeader>
        <CardTitle>{t('buyButton.title')}</CardTitle>
        <CardDescription>{t('buyButton.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {!published && <p className="text-sm text-amber-800 dark:text-amber-300">{t('buyButton.notPublished')}</p>}
        <div>
          <label htmlFor={ids.text} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('buyButton.linkText')}
          </label>
          <input
            id={ids.text}
            value={text}
            maxLength={120}
            onChange={(event) => setLinkText(event.target.value)}
            className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
        </div>
        <div>
          <label htmlFor={ids.snippet} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('buyButton.snippet')}
          </label>
          <textarea
            id={ids.snippet}
            readOnly
            rows={4}
            value={html}
            aria-describedby={ids.status}
            onFocus={(event) => event.target.select()}
            className="mt-1 w-full rounded-md border border-slate-400 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" size="sm" onClick={copy}>
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {t('buyButton.copy')}
          </Button>
          <span id={ids.status} role="status" className="text-sm text-slate-700 dark:text-slate-300">
            {copied ? t('buyButton.copied') : ''}
          </span>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('buyButton.withoutScript')}</p>
      </CardContent>
    </Card>
  );
}
