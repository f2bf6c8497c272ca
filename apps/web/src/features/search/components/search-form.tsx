import { type PublicProduct, SEARCH } from '@app/shared';
import { type UseComboboxState, type UseComboboxStateChangeOptions, useCombobox } from 'downshift';
import { ArrowRight, Clock } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProductThumbnail } from '@/components/product-thumbnail';
import { SearchLandmark } from '@/components/search-landmark';
import { Spinner } from '@/components/ui/spinner';
import { categoryName } from '@/lib/catalog-names';
import { cn } from '@/lib/cn';
import { priceText } from '@/lib/price-text';
import { useSearchSuggestions } from '../api/get-search-suggestions';
import { clearRecentSearches, readRecentSearches, saveRecentSearch } from '../lib/recent-searches';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { type SearchDraft, SearchFields, useSearchInUrl } from './search-fields';

type Option = { kind: 'product'; product: PublicProduct } | { kind: 'all' } | { kind: 'recent'; text: string };

const { stateChangeTypes } = useCombobox;

/**
 * Downshift's own changes, kept to what this box does: choosing a row never writes the row's text
 * into the box (the choice navigates instead), leaving the box never chooses the highlighted row,
 * Escape on a closed list leaves the typed text alone, and a click in the box never closes the list.
 */
function keepTypedText(state: UseComboboxState<Option>, { type, changes }: UseComboboxStateChangeOptions<Option>) {
  switch (type) {
    case stateChangeTypes.InputBlur:
      return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
    case stateChangeTypes.InputClick:
      // Focus opened the list already; a click in the box must not close it again.
      return { ...changes, isOpen: true };
    case stateChangeTypes.ItemClick:
    case stateChangeTypes.InputKeyDownEnter:
    case stateChangeTypes.InputKeyDownEscape:
      return { ...changes, inputValue: state.inputValue };
    default:
      return changes;
  }
}

function optionKey(option: Option): string {
  return option.kind === 'product' ? option.product.id : option.kind === 'recent' ? `recent-${option.text}` : 'all';
}

export interface SearchFormProps {
  className?: string;
  /** `lg`: the home page hero, with a visible Search button. */
  size?: 'md' | 'lg';
  /** What the plain box shown while this form loaded holds (search-box.tsx). */
  draft?: SearchDraft;
}

/**
 * The catalogue search box with its suggestion dropdown (spec §2, §5, §9): an ARIA 1.2 combobox
 * from Downshift's useCombobox. Focus stays in the input and aria-activedescendant points at the
 * highlighted row, so arrow keys, Enter and Escape work and screen readers announce each row.
 */
export function SearchForm({ className, size = 'md', draft }: SearchFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const current = useSearchInUrl();
  const [text, setText] = useState(draft?.text ?? current);
  const [recent, setRecent] = useState<string[]>([]);
  const [open, setOpen] = useState(false);

  // A new catalogue search in the URL (a submit, Back, a link) fills the box, adjusted during render
  // rather than in an effect, so no stale value is ever painted over what is being typed.
  const [shownSearch, setShownSearch] = useState(current);
  if (shownSearch !== current) {
    setShownSearch(current);
    setText(current);
  }

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

  const input = useRef<HTMLInputElement>(null);
  // Taking over from the plain box (search-box.tsx) while it had the focus: keep it in the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useEffect(() => {
    if (draft?.focused) input.current?.focus();
  }, []);
  const finish = (to: string, saved: string) => {
    if (saved) setRecent(saveRecentSearch(saved));
    // Done with the box: the phone keyboard goes away, and focusing it again offers the recent searches.
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

  const optionId = (index: number) => `${id}-option-${index}`;
  const combobox = useCombobox<Option>({
    id,
    inputId: `${id}-input`,
    getItemId: optionId,
    items: options,
    itemToString: (option) => (option?.kind === 'recent' ? option.text : option?.kind === 'product' ? option.product.title : ''),
    itemToKey: (option) => (option ? optionKey(option) : null),
    // Never holds a choice: every pick is a new one, and the box keeps what was typed.
    selectedItem: null,
    inputValue: text,
    stateReducer: keepTypedText,
    // Typing is not taken from onInputValueChange: Downshift calls it from an effect, after a render
    // that put the old text back into the box, and a key pressed in between was lost. The input's
    // own onChange below sets the text in the same event instead.
    onIsOpenChange: ({ isOpen }) => setOpen(isOpen),
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      combobox.closeMenu();
      choose(selectedItem);
    },
  });
  const expanded = combobox.isOpen && (options.length > 0 || status !== null);
  const highlighted = expanded && combobox.highlightedIndex >= 0 ? combobox.highlightedIndex : -1;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    combobox.closeMenu();
    submit(text);
  };

  const large = size === 'lg';
  return (
    <SearchLandmark
      label={large ? t('search.heroLabel') : t('search.siteLabel')}
      onSubmit={onSubmit}
      className={className}
      formClassName="relative"
    >
      <SearchFields
        id={id}
        large={large}
        labelProps={combobox.getLabelProps()}
        inputProps={combobox.getInputProps({
          ref: input,
          type: 'search',
          // Open only when there is something to show (a lone character shows nothing yet).
          'aria-expanded': expanded,
          'aria-activedescendant': highlighted >= 0 ? optionId(highlighted) : undefined,
          onChange: (event) => setText(event.currentTarget.value),
          onFocus: () => {
            // An empty box offers the recent searches as soon as it has focus (spec §2).
            setRecent(readRecentSearches());
            combobox.openMenu();
          },
          onKeyDown: (event) => {
            // Enter with no row highlighted submits the typed text (Downshift would only close the list).
            if (event.key === 'Enter' && highlighted < 0) {
              Object.assign(event.nativeEvent, { preventDownshiftDefault: true });
              combobox.closeMenu();
            }
          },
        })}
      />

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
            <p id={`${id}-recent`} className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
              {t('search.recent')}
            </p>
            <button
              type="button"
              tabIndex={-1}
              className="text-xs font-medium text-indigo-700 hover:underline dark:text-indigo-300"
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
        <ul
          {...combobox.getMenuProps({
            hidden: options.length === 0,
            ...(query === '' ? { 'aria-labelledby': `${id}-recent` } : { 'aria-label': t('search.suggestions') }),
            className: 'max-h-96 overflow-y-auto p-1.5',
          })}
        >
          {options.map((option, index) => (
            <li
              key={optionKey(option)}
              {...combobox.getItemProps({ item: option, index })}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl px-2.5 py-2 text-sm text-slate-700 dark:text-slate-200',
                index === highlighted && 'bg-indigo-50 text-indigo-900 dark:bg-indigo-950/60 dark:text-white',
                option.kind === 'all' &&
                  'mt-1 border-t border-slate-100 font-medium text-indigo-700 dark:border-slate-800 dark:text-indigo-300',
              )}
            >
              {option.kind === 'product' && <SuggestionRow product={option.product} />}
              {option.kind === 'recent' && (
                <>
                  <Clock className="size-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
                  <span className="truncate">{option.text}</span>
                </>
              )}
              {option.kind === 'all' && (
                <>
                  <span className="flex-1">{t('search.viewAll')}</span>
                  <ArrowRight className="size-4" aria-hidden />
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
    </SearchLandmark>
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
          {product.category ? categoryName(product.category) : t('search.fallbackCategory')}
        </span>
      </span>
      <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{priceText(t, product)}</span>
    </>
  );
}
