import { type PublicProduct, SEARCH } from '@app/shared';
import { ArrowRight, Clock, Search } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ProductThumbnail } from '@/components/product-thumbnail';
import { buttonClasses } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { useSearchSuggestions } from '../api/get-search-suggestions';
import { clearRecentSearches, readRecentSearches, saveRecentSearch } from '../lib/recent-searches';
import { useDebouncedValue } from '../lib/use-debounced-value';

type Option = { kind: 'product'; product: PublicProduct } | { kind: 'all' } | { kind: 'recent'; text: string };

export interface SearchFormProps {
  className?: string;
  /** `lg`: the home page hero, with a visible Search button. */
  size?: 'md' | 'lg';
}

/**
 * The catalogue search box with its suggestion dropdown (spec §2, §5, §9), built as an ARIA
 * combobox: focus stays in the input and aria-activedescendant points at the highlighted row,
 * so arrow keys, Enter and Escape work and screen readers announce each row.
 */
export function SearchForm({ className, size = 'md' }: SearchFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const navigate = useNavigate();
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const current = location.pathname === '/products' ? (new URLSearchParams(location.search).get('search') ?? '') : '';
  const [text, setText] = useState(current);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);

  useEffect(() => setText(current), [current]);

  const query = text.trim();
  const debounced = useDebouncedValue(query, SEARCH.debounceMs);
  // Only while the dropdown is in use: a box pre-filled from the URL asks nothing.
  const suggestions = useSearchSuggestions(open ? debounced : '');
  const wantsSuggestions = query.length >= SEARCH.minChars;
  const settled = wantsSuggestions && debounced === query && suggestions.isSuccess;

  let options: Option[] = [];
  let status: string | null = null;
  let loading = false;
  if (query === '') {
    options = recent.map((item) => ({ kind: 'recent', text: item }));
  } else if (wantsSuggestions) {
    if (settled) {
      const products = suggestions.data.products;
      options = products.map((product) => ({ kind: 'product', product }));
      if (products.length > 0) options.push({ kind: 'all' });
      else status = t('search.noResults', { text: query });
    } else if (suggestions.isError && debounced === query) {
      status = t('search.failed');
    } else {
      status = t('search.searching');
      loading = true;
    }
  }
  const expanded = open && (options.length > 0 || status !== null);
  const activeIndex = expanded && active < options.length ? active : -1;
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const finish = (to: string, saved: string) => {
    if (saved) setRecent(saveRecentSearch(saved));
    close();
    input.current?.blur();
    void navigate(to);
  };

  const submit = (value: string) => {
    const trimmed = value.trim();
    if (trimmed) finish(`/products?search=${encodeURIComponent(trimmed)}`, trimmed);
  };

  const choose = (option: Option) => {
    if (option.kind === 'product') {
      setText('');
      finish(`/products/${encodeURIComponent(option.product.id)}`, query);
    } else if (option.kind === 'recent') {
      setText(option.text);
      submit(option.text);
    } else {
      submit(query);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        if (count > 0) setActive(activeIndex < 0 ? 0 : (activeIndex + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        if (count > 0) setActive(activeIndex <= 0 ? count - 1 : activeIndex - 1);
        break;
      case 'Enter': {
        const option = activeIndex >= 0 ? options[activeIndex] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        // Otherwise the form submits the typed text.
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

  const large = size === 'lg';
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> has no role in jsdom or pre-2023 browsers; role=search is the same landmark
    <form role="search" onSubmit={onSubmit} className={cn('relative', className)}>
      <label htmlFor={`${id}-input`} className="sr-only">
        {t('search.label')}
      </label>
      <div className={cn('relative', large && 'flex gap-2')}>
        <Search
          className={cn(
            'pointer-events-none absolute top-1/2 -translate-y-1/2 text-slate-400',
            large ? 'left-4 size-5' : 'left-3 size-4',
          )}
          aria-hidden
        />
        <input
          ref={input}
          id={`${id}-input`}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => {
            setRecent(readRecentSearches());
            setOpen(true);
          }}
          onBlur={close}
          onKeyDown={onKeyDown}
          placeholder={t('search.placeholder')}
          enterKeyHint="search"
          className={cn(
            inputClasses,
            large
              ? 'h-14 flex-1 rounded-2xl bg-white pl-12 text-base shadow-lg shadow-indigo-500/10 dark:bg-slate-900'
              : 'h-10 rounded-full bg-slate-50 pl-9 dark:bg-slate-900',
          )}
        />
        {large && (
          <button type="submit" className={buttonClasses('primary', 'lg', 'h-14 rounded-2xl px-6')}>
            {t('search.submit')}
          </button>
        )}
      </div>

      <div
        hidden={!expanded}
        className={cn(
          'absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-2xl border border-slate-200 bg-white text-left shadow-xl dark:border-slate-700 dark:bg-slate-900',
          // The header box is narrow on wide screens: let the list grow leftwards so titles fit.
          !large && 'lg:left-auto lg:w-[28rem]',
        )}
      >
        {query === '' && options.length > 0 && (
          <div className="flex items-center justify-between px-4 pt-3 pb-1">
            <p id={`${id}-recent`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
              {t('search.recent')}
            </p>
            <button
              type="button"
              tabIndex={-1}
              className="text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                clearRecentSearches();
                setRecent([]);
              }}
            >
              {t('search.clearRecent')}
            </button>
          </div>
        )}
        {expanded && status && (
          <p role="status" className="flex items-center gap-2 px-4 py-3 text-sm text-slate-600 dark:text-slate-400">
            {loading && <Spinner size="small" label={null} />}
            {status}
          </p>
        )}
        <div
          id={listboxId}
          role="listbox"
          hidden={options.length === 0}
          aria-labelledby={query === '' ? `${id}-recent` : undefined}
          aria-label={query === '' ? undefined : t('search.suggestions')}
          className="max-h-96 overflow-y-auto p-1.5"
        >
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: options are chosen with the input's arrow keys and Enter (aria-activedescendant)
            <div
              key={option.kind === 'product' ? option.product.id : option.kind === 'recent' ? `recent-${option.text}` : 'all'}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== activeIndex && setActive(index)}
              onClick={() => choose(option)}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl px-2.5 py-2 text-sm text-slate-700 dark:text-slate-200',
                index === activeIndex && 'bg-indigo-50 text-indigo-900 dark:bg-indigo-950/60 dark:text-white',
                option.kind === 'all' &&
                  'mt-1 border-t border-slate-100 font-medium text-indigo-600 dark:border-slate-800 dark:text-indigo-400',
              )}
            >
              {option.kind === 'product' && <SuggestionRow product={option.product} />}
              {option.kind === 'recent' && (
                <>
                  <Clock className="size-4 shrink-0 text-slate-400" aria-hidden />
                  <span className="truncate">{option.text}</span>
                </>
              )}
              {option.kind === 'all' && (
                <>
                  <span className="flex-1">{t('search.viewAll')}</span>
                  <ArrowRight className="size-4" aria-hidden />
                </>
              )}
            </div>
          ))}
        </div>
      </div>
    </form>
  );
}

function SuggestionRow({ product }: { product: PublicProduct }) {
  const { t } = useTranslation();
  return (
    <>
      <ProductThumbnail src={product.images[0] ?? product.image} className="size-10 text-xs" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-slate-900 dark:text-white">{product.title}</span>
        <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
          {product.category || t('search.fallbackCategory')}
        </span>
      </span>
      <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatMoney(product.price)}</span>
    </>
  );
}
