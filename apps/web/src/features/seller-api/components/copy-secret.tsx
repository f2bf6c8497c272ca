import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';

/**
 * A token or signing secret the server shows once: read-only, selectable, with a copy button
 * ("Copied" only after the clipboard took it) and a Done button that hides it for good.
 */
export function ShownOnce({ title, label, value, onDone }: { title: string; label: string; value: string; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      notify.error(t('sellerApi.copyFailed'));
    }
  };
  return (
    <Alert tone="success" title={title}>
      <p>{t('sellerApi.shownOnce')}</p>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-xs text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        />
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? t('sellerApi.copied') : t('sellerApi.copy')}
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          {t('sellerApi.done')}
        </Button>
      </div>
    </Alert>
  );
}
