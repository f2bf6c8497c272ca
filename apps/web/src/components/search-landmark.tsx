import type { FormEvent, ReactNode } from 'react';

export interface SearchLandmarkProps {
  /** Names the landmark, so that several search boxes on one page can be told apart. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Places the landmark in its parent: margins, grid span, flex sizing. */
  className?: string;
  /** Lays out the controls inside the form. */
  formClassName?: string;
  children: ReactNode;
}

/**
 * A search form inside the HTML `<search>` landmark. Testing Library's role table (aria-query 5.3)
 * does not know `<search>` yet: unit tests find it by its name, `getByLabelText(name, { selector: 'search' })`.
 */
export function SearchLandmark({ label, onSubmit, className, formClassName, children }: SearchLandmarkProps) {
  return (
    <search aria-label={label} className={className}>
      <form onSubmit={onSubmit} className={formClassName}>
        {children}
      </form>
    </search>
  );
}
