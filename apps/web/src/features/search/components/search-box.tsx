import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchLandmark } from '@/components/search-landmark';
import { saveRecentSearch } from '../lib/recent-searches';
import { type SearchDraft, SearchFields, useSearchInUrl } from './search-fields';
import type { SearchFormProps } from './search-form';

/** The full form and Downshift (~12 kB gzip) load after the first page's own scripts. */
const SearchForm = lazy(() => import('./search-form').then((module) => ({ default: module.SearchForm })));

/**
 * The catalogue search box of the header and the home page: a plain box that already searches on
 * Enter, replaced by the full form with its suggestion dropdown (search-form.tsx) once that has
 * loaded, keeping what was typed and the focus.
 */
export function SearchBox(props: Omit<SearchFormProps, 'draft'>) {
  const draft = useRef<SearchDraft>({ text: null, focused: false }).current;
  return (
    <Suspense fallback={<PlainSearchForm {...props} draft={draft} />}>
      <SearchForm {...props} draft={draft} />
    </Suspense>
  );
}

function PlainSearchForm({ className, size = 'md', draft }: SearchFormProps & { draft: SearchDraft }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const current = useSearchInUrl();
  const [text, setText] = useState(draft.text ?? current);
  const large = size === 'lg';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    saveRecentSearch(trimmed);
    void navigate(`/products?search=${encodeURIComponent(trimmed)}`);
  };

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
        inputProps={{
          role: 'combobox',
          'aria-expanded': false,
          'aria-autocomplete': 'list',
          value: text,
          onChange: (event) => {
            setText(event.currentTarget.value);
            draft.text = event.currentTarget.value;
          },
          onFocus: () => {
            draft.focused = true;
          },
          onBlur: () => {
            draft.focused = false;
          },
        }}
      />
    </SearchLandmark>
  );
}
