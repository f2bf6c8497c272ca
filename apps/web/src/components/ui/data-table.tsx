import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import {
  type ComponentProps,
  type CSSProperties,
  type ReactNode,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Card } from './card';
import { Spinner } from './spinner';

/**
 * The one table of the admin, seller and simple-admin areas: a semantic <table> named by its
 * caption, inside a box that scrolls sideways on its own (the page never does) and can be scrolled
 * from the keyboard; or, in its place, a loading, error or empty state. Rows and header cells are
 * the caller's (`Th`, `SortableTh`, `Td` below), so each table keeps its own cells.
 *
 * In a box narrower than 40rem (a phone) each row becomes a card: its cells stacked, each under its
 * column's name, so every button and select of a row is on screen without scrolling sideways
 * (index.css, `.data-table`). The names come from the header cells (see `labelCells`).
 */
export interface DataTableProps {
  /** Names the table (a caption only screen readers read; the page shows its own heading). */
  label: string;
  loading?: boolean;
  /** The rows of the previous answer, shown while the next one loads (a new search or page): dimmed and marked busy. */
  stale?: boolean;
  error?: string | null;
  /** Shown instead of the table when set (there are no rows). */
  empty?: ReactNode;
  /** The width under which the table scrolls inside its box, e.g. `48rem`. */
  minWidth?: string;
  /** Without the card around it (the table sits in a card of its own already). */
  bare?: boolean;
  className?: string;
  /** thead, tbody and tfoot. */
  children: ReactNode;
}

export function DataTable({
  label,
  loading = false,
  stale = false,
  error,
  empty,
  minWidth,
  bare = false,
  className,
  children,
}: DataTableProps) {
  const { t } = useTranslation();
  const captionId = useId();
  const tableRef = useRef<HTMLTableElement>(null);
  const showsTable = !loading && !error && !empty;
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!showsTable || !table) return;
    labelCells(table);
    // Rows that mount or change later (a row's own state, a new page of rows) get their names too.
    const observer = new MutationObserver(() => labelCells(table));
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [showsTable]);
  let body: ReactNode;
  if (loading) {
    body = (
      <div className="flex justify-center p-10">
        <Spinner label={t('dataTable.loading', { label })} />
      </div>
    );
  } else if (error) {
    body = (
      <p role="alert" className="p-10 text-center text-sm text-red-700 dark:text-red-300">
        {error}
      </p>
    );
  } else if (empty) {
    body = <p className="p-10 text-center text-sm text-slate-600 dark:text-slate-400">{empty}</p>;
  } else {
    body = (
      // A group, not a region: a landmark per table would repeat the page's own headings.
      // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this only names the scrolling box
      <div
        role="group"
        aria-labelledby={captionId}
        aria-busy={stale || undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable from the keyboard (WCAG 2.1.1)
        tabIndex={0}
        // index.css makes every overflow-x-auto box a positioning context, so visually hidden header text stays inside.
        className={cn(
          'data-table overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
          stale && 'opacity-60 transition-opacity',
        )}
      >
        <table
          ref={tableRef}
          className="w-full min-w-(--table-min-width) text-left text-sm"
          // A variable, not min-width itself: the stacked (phone) layout drops it.
          style={minWidth ? ({ '--table-min-width': minWidth } as CSSProperties) : undefined}
        >
          <caption id={captionId} className="sr-only">
            {label}
          </caption>
          {children}
        </table>
      </div>
    );
  }
  return bare ? (
    <div className={cn('max-w-full', className)}>{body}</div>
  ) : (
    <Card className={cn('max-w-full overflow-hidden', className)}>{body}</Card>
  );
}

/**
 * Gives every body and footer cell its column's name (`data-label`, shown above the cell in the
 * stacked layout) and the table its roles spelt out: a table laid out as blocks keeps its meaning
 * for screen readers that go by the layout. The visible names are hidden from them (index.css), as
 * the column header already names each cell.
 */
function labelCells(table: HTMLTableElement) {
  const headerRow = table.tHead?.rows[table.tHead.rows.length - 1];
  const names: string[] = [];
  for (const cell of headerRow?.cells ?? []) {
    for (let span = 0; span < cell.colSpan; span += 1) names.push(cell.textContent?.trim() ?? '');
  }
  setIfChanged(table, 'role', 'table');
  for (const group of [table.tHead, ...table.tBodies, table.tFoot]) {
    if (!group) continue;
    setIfChanged(group, 'role', 'rowgroup');
    for (const row of group.rows) {
      setIfChanged(row, 'role', 'row');
      let column = 0;
      for (const cell of row.cells) {
        if (cell.tagName === 'TH') setIfChanged(cell, 'role', cell.scope === 'row' ? 'rowheader' : 'columnheader');
        else {
          setIfChanged(cell, 'role', 'cell');
          // A cell across several columns (a note under a row) speaks for itself.
          const name = cell.colSpan === 1 ? names[column] : undefined;
          if (name) setIfChanged(cell, 'data-label', name);
          else if (cell.hasAttribute('data-label')) cell.removeAttribute('data-label');
        }
        column += cell.colSpan;
      }
    }
  }
}

function setIfChanged(element: Element, name: string, value: string) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

const headerCell =
  'border-b border-slate-200 bg-slate-50 px-4 py-3 text-xs font-medium tracking-wide whitespace-nowrap text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-300';

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" className={cn(headerCell, className)} {...props} />;
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('border-b border-slate-100 px-4 py-3 align-top dark:border-slate-800/70', className)} {...props} />;
}

export type SortDirection = 'ascending' | 'descending';
export interface SortState<Key extends string> {
  key: Key;
  direction: SortDirection;
}
type SortValue = string | number | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(a: SortValue, b: SortValue): number {
  // Missing values go last in both directions' natural reading.
  if (a == null || a === '') return b == null || b === '' ? 0 : 1;
  if (b == null || b === '') return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
}

/**
 * Rows sorted by the column the user chose (client side: only for tables that hold every row, never
 * a server page). Choosing the sorted column again reverses it.
 */
export function useSortedRows<Row, Key extends string>(
  rows: readonly Row[],
  values: Record<Key, (row: Row) => SortValue>,
  initial: SortState<NoInfer<Key>>,
) {
  const [sort, setSort] = useState<SortState<Key>>(initial);
  const sorted = useMemo(() => {
    const value = values[sort.key];
    const order = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => compareValues(value(a), value(b)) * order);
  }, [rows, values, sort]);
  const toggle = (key: Key) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: 'ascending' },
    );
  return { rows: sorted, sort, toggle };
}

export interface SortableThProps<Key extends string> extends Omit<ComponentProps<'th'>, 'onClick'> {
  column: Key;
  sort: SortState<Key>;
  onSort: (column: Key) => void;
}

/** A column header that sorts by its column: a button inside, aria-sort on the header of the sorted column. */
export function SortableTh<Key extends string>({ column, sort, onSort, className, children, ...props }: SortableThProps<Key>) {
  const active = sort.key === column;
  const Icon = active ? (sort.direction === 'ascending' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th scope="col" aria-sort={active ? sort.direction : undefined} className={cn(headerCell, 'p-0', className)} {...props}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex w-full items-center gap-1.5 px-4 py-3 text-left uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 dark:hover:text-white"
      >
        {children}
        <Icon className={cn('size-3.5 shrink-0', !active && 'opacity-60')} aria-hidden />
      </button>
    </th>
  );
}
