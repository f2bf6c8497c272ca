import type { DownloadLink } from '@app/shared';
import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatBytes, formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useDownloadLinks } from '../api/get-download-links';

interface VersionGroup {
  key: string;
  productTitle: string;
  label: string;
  current: boolean;
  links: DownloadLink[];
}

/** The links grouped by product and version, in the server's order (newest version first). */
function groupByVersion(links: DownloadLink[]): VersionGroup[] {
  const groups = new Map<string, VersionGroup>();
  for (const link of links) {
    const label = link.version_label ?? '';
    const key = `${link.product_id}|${label}`;
    const group = groups.get(key) ?? {
      key,
      productTitle: link.product_title,
      label,
      current: link.version_current ?? true,
      links: [],
    };
    group.links.push(link);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function LinkList({ links, showProduct }: { links: DownloadLink[]; showProduct: boolean }) {
  return (
    <ul className="mt-2 space-y-1.5">
      {links.map((link) => (
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
            {showProduct ? `${link.product_title} · ` : ''}
            {formatBytes(link.size_bytes)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The signed, time-limited link of each file in a paid order. A product with several released
 * versions lists each version under its own heading, the current one first (decision 0038).
 */
export function DownloadLinksPanel({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const links = useDownloadLinks(orderId, true);
  if (links.isPending) return <Spinner size="small" label={t('orders.links.loading')} />;
  if (links.isError)
    return <Alert tone="error">{translateMessage(errorMessage(links.error, t('common.operationFailed')))}</Alert>;
  const groups = groupByVersion(links.data.links);
  const versioned = new Set(groups.map((group) => group.links[0]?.product_id)).size < groups.length;
  return (
    <div className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/50">
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t('orders.links.expires', { date: formatDate(links.data.expires_at) })}
      </p>
      {links.data.links.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('orders.links.none')}</p>
      ) : !versioned ? (
        <LinkList links={links.data.links} showProduct />
      ) : (
        groups.map((group) => (
          <section
            key={group.key}
            aria-label={t('versions.orders.group', { title: group.productTitle, label: group.label })}
            className="mt-3"
          >
            <h4 className="text-sm font-semibold text-slate-800 dark:text-slate-200">
              {group.productTitle} ·{' '}
              {group.current
                ? t('versions.orders.current', { label: group.label })
                : t('versions.orders.earlier', { label: group.label })}
            </h4>
            <LinkList links={group.links} showProduct={false} />
          </section>
        ))
      )}
    </div>
  );
}
