import { Search } from 'lucide-react';
import type { ComponentProps, LabelHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/**
 * What was typed into the plain box shown while the full search form loads (search-box.tsx), so the
 * full form takes over the text and the focus.
 */
export interface SearchDraft {
  text: string | null;
  focused: boolean;
}

/** The catalogue search in the URL: what the box shows on /products?search=…, empty elsewhere. */
export function useSearchInUrl(): string {
  const location = useLocation();
  return location.pathname === '/products' ? (new URLSearchParams(location.search).get('search') ?? '') : '';
}

export interface SearchFieldsProps {
  /** The input's id is `${id}-input`. */
  id: string;
  large: boolean;
  labelProps?: LabelHTMLAttributes<HTMLLabelElement>;
  inputProps: ComponentProps<'input'>;
}

/** The label, icon, box and submit button of a search form: one look for the plain and the full form. */
export function SearchFields({ id, large, labelProps, inputProps }: SearchFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <label {...labelProps} htmlFor={`${id}-input`} className="sr-only">
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
          id={`${id}-input`}
          type="search"
          placeholder={t('search.placeholder')}
          enterKeyHint="search"
          {...inputProps}
          className={cn(
            inputClasses,
            large
              ? 'h-14 flex-1 rounded-2xl bg-white pl-12 text-base shadow-lg shadow-indigo-500/10 dark:bg-slate-900'
              : 'h-10 rounded-full bg-slate-50 pl-9 dark:bg-slate-900',
          )}
        />
        {large ? (
          <button type="submit" className={buttonClasses('primary', 'lg', 'h-14 rounded-2xl px-6')}>
            {t('search.submit')}
          </button>
        ) : (
          // A form needs a real submit button (WCAG 3.2.2, H32): hidden until the keyboard reaches it.
          <button
            type="submit"
            className="sr-only focus-visible:not-sr-only focus-visible:absolute focus-visible:top-1/2 focus-visible:right-1 focus-visible:-translate-y-1/2 focus-visible:rounded-full focus-visible:bg-indigo-600 focus-visible:px-3 focus-visible:py-1 focus-visible:text-xs focus-visible:font-medium focus-visible:text-white"
          >
            {t('search.submitSite')}
          </button>
        )}
      </div>
    </>
  );
}
