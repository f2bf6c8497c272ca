import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatBytes, formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useDownloadLinks } from '../api/get-download-links';

/** The signed, time-limited link of each file in a paid order. */
export function DownloadLinksPanel({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const links = useDownloadLinks(orderId, true);
  if (links.isPending) return <Spinner size="small" label={t('orders.links.loading')} />;
  if (links.isError)
    return <Alert tone="error">{translateMessage(errorMessage(links.error, t('common.operationFailed')))}</Alert>;
  return (
    <div className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/50">
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t('orders.links.expires', { date: formatDate(links.data.expires_at) })}
      </p>
      {links.data.links.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('orders.links.none')}</p>
      ) : (
        <ul className="mt-2 space-y-1.5">
          {links.data.links.map((link) => (
            <li key={link.url} className="flex items-center gap-2 text-sm">
              <FileDown className="size-4 shrink-0 text-slate-400" aria-hidden />
              <a
                href={link.url}
                download={link.file_name}
                className="truncate font-medium text-indigo-600 hover:underline dark:text-indigo-400"
              >
                {link.file_name}
              </a>
              <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                {link.product_title} · {formatBytes(link.size_bytes)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
