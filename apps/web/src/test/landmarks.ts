import { screen } from '@testing-library/react';

/**
 * The `<search>` landmark named `name`. Testing Library's role table (aria-query 5.3) does not map
 * `<search>` to role=search yet, so `getByRole('search')` cannot see it; browsers and axe do.
 */
export function searchLandmark(name: string): HTMLElement {
  return screen.getByLabelText(name, { selector: 'search' });
}
