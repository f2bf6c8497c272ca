import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';

/** Who wrote a post and when, with its badges. */
export function PostMeta({
  author,
  createdAt,
  editedAt,
  buyer = false,
  hidden = false,
}: {
  author: string;
  createdAt: string;
  editedAt: string | null;
  buyer?: boolean;
  hidden?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
      <span className="font-medium text-slate-900 dark:text-white">{author}</span>
      {buyer && <Badge tone="success">{t('community.badges.buyer')}</Badge>}
      {hidden && <Badge tone="warning">{t('community.badges.hidden')}</Badge>}
      <time dateTime={createdAt}>{formatDate(createdAt)}</time>
      {editedAt && <span>({t('community.edited')})</span>}
    </p>
  );
}
