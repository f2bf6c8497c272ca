import type { DatasetColumn, DatasetFormat, DatasetRow } from '@app/shared';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

/** The tables of a dataset preview, shared by the product page and the seller's controls. */

const cellClasses = 'border-b border-slate-200 px-3 py-2 align-top dark:border-slate-800';
const headClasses = `${cellClasses} bg-slate-50 text-left font-semibold text-slate-700 dark:bg-slate-900 dark:text-slate-300`;

/** A box that scrolls sideways on its own, reachable from the keyboard (a wide table never widens the page). */
export function ScrollBox({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this only names the scrolling box
    <div
      role="group"
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable from the keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="mt-3 max-w-full overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-800"
    >
      {children}
    </div>
  );
}

/** "CSV · 1,204 rows · 7 columns". */
export function useDatasetSummary() {
  const { t } = useTranslation();
  return (format: DatasetFormat, rows: number, columns: number) =>
    [
      t(`datasetPreview.format.${format}`),
      t('datasetPreview.rows', { count: rows, formatted: formatNumber(rows) }),
      t('datasetPreview.columns', { count: columns }),
    ].join(' · ');
}

function figure(value: number | null): string {
  if (value === null) return '–';
  return Math.abs(value) >= 1e15 || (value !== 0 && Math.abs(value) < 1e-3) ? value.toExponential(3) : formatNumber(value);
}

/** Each column with its type and statistics. */
export function ColumnStatsTable({ columns, caption }: { columns: DatasetColumn[]; caption: string }) {
  const { t } = useTranslation();
  const captionId = useId();
  return (
    <ScrollBox labelledBy={captionId}>
      <table className="w-full min-w-[44rem] border-collapse text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={headClasses}>
              {t('datasetPreview.col.name')}
            </th>
            <th scope="col" className={headClasses}>
              {t('datasetPreview.col.type')}
            </th>
            <th scope="col" className={`${headClasses} text-right`}>
              {t('datasetPreview.col.empty')}
            </th>
            <th scope="col" className={`${headClasses} text-right`}>
              {t('datasetPreview.col.distinct')}
            </th>
            <th scope="col" className={`${headClasses} text-right`}>
              {t('datasetPreview.col.min')}
            </th>
            <th scope="col" className={`${headClasses} text-right`}>
              {t('datasetPreview.col.max')}
            </th>
            <th scope="col" className={`${headClasses} text-right`}>
              {t('datasetPreview.col.mean')}
            </th>
            <th scope="col" className={headClasses}>
              {t('datasetPreview.col.top')}
            </th>
          </tr>
        </thead>
        <tbody className="text-slate-700 dark:text-slate-300">
          {columns.map((column) => (
            <tr key={column.name}>
              <th scope="row" className={`${cellClasses} text-left font-medium break-all text-slate-900 dark:text-white`}>
                {column.name}
              </th>
              <td className={cellClasses}>{t(`datasetPreview.types.${column.type}`)}</td>
              <td
                className={`${cellClasses} text-right tabular-nums`}
              >{`${formatNumber(Math.round(column.empty_share * 1000) / 10)} %`}</td>
              <td className={`${cellClasses} text-right tabular-nums`}>
                {column.distinct_estimated
                  ? t('datasetPreview.estimated', { value: formatNumber(column.distinct_count) })
                  : formatNumber(column.distinct_count)}
              </td>
              <td className={`${cellClasses} text-right tabular-nums`}>{figure(column.min)}</td>
              <td className={`${cellClasses} text-right tabular-nums`}>{figure(column.max)}</td>
              <td className={`${cellClasses} text-right tabular-nums`}>{figure(column.mean)}</td>
              <td className={cellClasses}>
                {column.top_values.length === 0 ? (
                  '–'
                ) : (
                  <ul className="space-y-0.5">
                    {column.top_values.map((top) => (
                      <li key={top.value} className="break-all">
                        {top.value}{' '}
                        <span className="text-slate-500 tabular-nums dark:text-slate-400">({formatNumber(top.count)})</span>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** Rows of cells under the column names; `lead` adds a first cell to each row (the seller's checkbox). */
export function SampleTable({
  columns,
  rows,
  caption,
  lead,
}: {
  columns: string[];
  rows: { key: string; cells: DatasetRow; lead?: ReactNode }[];
  caption: string;
  lead?: string;
}) {
  const { t } = useTranslation();
  const captionId = useId();
  return (
    <ScrollBox labelledBy={captionId}>
      <table className="w-full border-collapse text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead>
          <tr>
            {lead !== undefined && (
              <th scope="col" className={headClasses}>
                {lead}
              </th>
            )}
            {columns.map((name, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: column names are unique, the index keeps keys stable while hidden ones leave
              <th key={`${index}-${name}`} scope="col" className={`${headClasses} whitespace-nowrap`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-slate-700 dark:text-slate-300">
          {rows.map((row) => (
            <tr key={row.key}>
              {lead !== undefined && <td className={cellClasses}>{row.lead}</td>}
              {row.cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <td key={index} className={`${cellClasses} max-w-80 whitespace-pre-line break-words`}>
                  {cell === null ? (
                    <span className="text-slate-500 dark:text-slate-400">
                      <span aria-hidden>–</span>
                      <span className="sr-only">{t('datasetPreview.emptyCell')}</span>
                    </span>
                  ) : (
                    cell
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
