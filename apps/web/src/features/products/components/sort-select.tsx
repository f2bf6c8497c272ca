import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SORT_OPTIONS, type SortKey } from '../lib/catalogue-params';
import { selectClasses } from './catalogue-filters';

export interface SortSelectProps {
  value: SortKey;
  searching: boolean;
  onChange: (option: (typeof SORT_OPTIONS)[number]) => void;
}

export function SortSelect({ value, searching, onChange }: SortSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const options = SORT_OPTIONS.filter((option) => searching || option.key !== 'relevance');
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-slate-600 dark:text-slate-400">
        {t('products.sort.label')}
      </label>
      <select
        id={id}
        className={`${selectClasses} w-auto min-w-44`}
        value={value}
        onChange={(event) => {
          const option = SORT_OPTIONS.find((candidate) => candidate.key === event.target.value);
          if (option) onChange(option);
        }}
      >
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {t(`products.sort.${option.key}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
