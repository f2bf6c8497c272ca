import { type ComponentProps, lazy, Suspense } from 'react';

const OwnLicenses = lazy(async () => ({ default: (await import('./own-licenses')).OwnLicenses }));

/** The buyer's licence keys, loaded apart from the page: most orders have none, and the page never waits for them. */
export function LazyOwnLicenses(props: ComponentProps<typeof OwnLicenses>) {
  return (
    <Suspense fallback={null}>
      <OwnLicenses {...props} />
    </Suspense>
  );
}
