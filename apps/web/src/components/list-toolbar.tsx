import { Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { SearchLandmark } from './search-landmark';

export interface ListToolbarProps {
  /** How the search box and the filters line up when their heights differ. */
  align?: 'center' | 'end';
  children: ReactNode;
}

/** The row above a list: its search box and filters, wrapping onto more lines on narrow screens. */
export function ListToolbar({ align = 'center', children }: ListToolbarProps) {
  return <div className={cn('flex flex-wrap gap-3', align === 'end' ? 'items-end' : 'items-center')}>{children}</div>;
}

export interface ListSearchProps {
  /** Names the search landmark and the box. */
  label: string;
  placeholder: string;
  /** Called with the trimmed text when the form is sent. */
  onSearch: (text: string) => void;
  defaultValue?: string;
  maxLength?: number;
  /** What the submit button shows; an icon-only button is named by `submitLabel`. */
  submit?: 'icon-and-label' | 'icon' | 'label';
  /** The submit button's words, when they differ from `label`. */
  submitLabel?: string;
  /** Shows `label` above the box instead of only naming it for screen readers. */
  visibleLabel?: boolean;
  /** Places the search box in the toolbar. */
  className?: string;
  inputClassName?: string;
}

/** A list's search box: the typed text is searched for when the form is sent, not on every key. */
export function ListSearch({
  label,
  placeholder,
  onSearch,
  defaultValue = '',
  maxLength,
  submit = 'icon-and-label',
  submitLabel = label,
  visibleLabel = false,
  className,
  inputClassName,
}: ListSearchProps) {
  const id = useId();
  const [text, setText] = useState(defaultValue);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  const input = (
    <Input
      id={id}
      type="search"
      maxLength={maxLength}
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={placeholder}
      aria-label={visibleLabel ? undefined : label}
      className={cn(visibleLabel && 'mt-1', inputClassName)}
    />
  );
  return (
    <SearchLandmark
      label={label}
      onSubmit={onSubmit}
      className={className}
      formClassName={cn('flex gap-2', visibleLabel && 'items-end')}
    >
      {visibleLabel ? (
        <div className="flex-1">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {label}
          </label>
          {input}
        </div>
      ) : (
        input
      )}
      <Button type="submit" variant="outline" aria-label={submit === 'icon' ? submitLabel : undefined}>
        {submit !== 'label' && <Search className="size-4" aria-hidden />}
        {submit !== 'icon' && submitLabel}
      </Button>
    </SearchLandmark>
  );
}

export interface FilterSelectProps<Value extends string> {
  /** Names the select for screen readers; the first option says what it filters. */
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  options: readonly { value: Value; label: string }[];
}

/** One of a list's filters: a select whose options say what they keep. */
export function FilterSelect<Value extends string>({ label, value, onChange, options }: FilterSelectProps<Value>) {
  return (
    <div className="w-full sm:w-48">
      <select
        aria-label={label}
        className={inputClasses}
        value={value}
        onChange={(event) => onChange(options.find((option) => option.value === event.target.value)?.value ?? value)}
      >
        {options.map((option) => (
          <option key={option.value || 'all'} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
