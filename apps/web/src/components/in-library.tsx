import { Download, LibraryBig } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { libraryDownloadPath } from '@/lib/owned-products';

/** "In your library" with a link to the product's download on the orders page. */
export function InLibrary({ productId, title, className }: { productId: string; title: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-emerald-700 dark:text-emerald-400',
        className,
      )}
    >
      <span className="inline-flex items-center gap-1">
        <LibraryBig className="size-4" aria-hidden />
        {t('library.inLibrary')}
      </span>
      <Link
        to={libraryDownloadPath(productId)}
        aria-label={t('library.downloadLabel', { title })}
        className="inline-flex items-center gap-1 text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
      >
        <Download className="size-4" aria-hidden />
        {t('library.download')}
      </Link>
    </span>
  );
}
