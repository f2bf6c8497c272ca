import type { FieldChange, FileDiff } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatMoney } from '@/lib/format';

/**
 * What a change to a live product changes, for the admin deciding on it: a version's files against
 * the version before (name and size), and an edit's fields before and after. Seller text is shown
 * as plain text (React escapes it); the changelog is rendered by the caller with the safe Markdown.
 */

type FileStatus = 'added' | 'removed' | 'changed' | 'unchanged';

const STATUS_CLASSES: Record<FileStatus, string> = {
  added: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300',
  removed: 'bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-300',
  changed: 'bg-amber-50 text-amber-800 dark:bg-amber-950/40 dark:text-amber-300',
  unchanged: 'text-slate-600 dark:text-slate-400',
};

export function FileDiffTable({ diff, previousLabel }: { diff: FileDiff; previousLabel: string }) {
  const { t } = useTranslation();
  const rows: { status: FileStatus; name: string; size: string }[] = [
    ...diff.added.map((file) => ({ status: 'added' as const, name: file.file_name, size: formatBytes(file.size_bytes) })),
    ...diff.changed.map((file) => ({
      status: 'changed' as const,
      name: file.file_name,
      size: t('versions.diff.sizeChange', { before: formatBytes(file.before_bytes), after: formatBytes(file.after_bytes) }),
    })),
    ...diff.removed.map((file) => ({ status: 'removed' as const, name: file.file_name, size: formatBytes(file.size_bytes) })),
    ...diff.unchanged.map((file) => ({
      status: 'unchanged' as const,
      name: file.file_name,
      size: formatBytes(file.size_bytes),
    })),
  ];
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left text-sm font-semibold text-slate-900 dark:text-white">
        {t('versions.diff.filesCaption', { label: previousLabel })}
      </caption>
      <thead className="text-xs text-slate-500 dark:text-slate-400">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            {t('versions.diff.change')}
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            {t('versions.diff.fileName')}
          </th>
          <th scope="col" className="py-1 font-medium">
            {t('versions.diff.size')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
        {rows.map((row) => (
          <tr key={`${row.status}-${row.name}`} className={STATUS_CLASSES[row.status]}>
            <td className="py-1.5 pr-3 font-medium whitespace-nowrap">{t(`versions.diff.status.${row.status}`)}</td>
            <td className="py-1.5 pr-3 break-all">{row.name}</td>
            <td className="py-1.5 whitespace-nowrap tabular-nums">{row.size}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DiffValue({ field, value }: { field: FieldChange['field']; value: FieldChange['before'] }) {
  const { t } = useTranslation();
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
    return <span className="text-slate-400 italic">{t('versions.diff.empty')}</span>;
  }
  if (field === 'images' && Array.isArray(value)) {
    return (
      <ul className="flex flex-wrap gap-2">
        {value.map((src, index) => (
          <li key={src}>
            <img
              src={src}
              alt={t('versions.diff.imageAlt', { number: index + 1 })}
              className="h-16 w-24 rounded border border-slate-200 object-cover dark:border-slate-700"
            />
          </li>
        ))}
      </ul>
    );
  }
  if (Array.isArray(value)) return <span>{value.join(', ')}</span>;
  if (typeof value === 'number') return <span className="tabular-nums">{formatMoney(value)}</span>;
  return <span className="break-words whitespace-pre-wrap">{value}</span>;
}

/** Each changed field of an edit: its live value and the proposed one. */
export function FieldDiffList({ changes }: { changes: FieldChange[] }) {
  const { t } = useTranslation();
  if (changes.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">{t('versions.diff.noFieldChanges')}</p>;
  return (
    <dl className="space-y-4">
      {changes.map((change) => (
        <div key={change.field} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
          <dt className="font-semibold text-slate-900 dark:text-white">{t(`versions.diff.field.${change.field}`)}</dt>
          <dd className="mt-2 grid gap-2 sm:grid-cols-2">
            <div className="rounded bg-red-50 p-2 text-red-900 dark:bg-red-950/40 dark:text-red-200">
              <p className="mb-1 text-xs font-medium uppercase">{t('versions.diff.before')}</p>
              <DiffValue field={change.field} value={change.before} />
            </div>
            <div className="rounded bg-emerald-50 p-2 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200">
              <p className="mb-1 text-xs font-medium uppercase">{t('versions.diff.after')}</p>
              <DiffValue field={change.field} value={change.after} />
            </div>
          </dd>
        </div>
      ))}
    </dl>
  );
}
