import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** Header search: submitting goes to the catalogue filtered by the text (spec §2). Suggestions come with the catalogue. */
export function SearchForm({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const current = location.pathname === '/products' ? (new URLSearchParams(location.search).get('search') ?? '') : '';
  const [text, setText] = useState(current);

  useEffect(() => setText(current), [current]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (query) navigate(`/products?search=${encodeURIComponent(query)}`);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to jsdom and to browsers before 2023; the role gives the same landmark.
    <form role="search" onSubmit={onSubmit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('search.placeholder')}
        enterKeyHint="search"
        className={cn(inputClasses, 'h-10 rounded-full bg-slate-50 pl-9 dark:bg-slate-900')}
      />
    </form>
  );
}
