// Started by the server-painted pages' start script (apps/api/src/modules/storefront/service.ts) with
// the page's Intl locale. Creating the first currency and date formatters loads ICU's locale data,
// 30-40 ms of CPU; done here, off the main thread, it is cached for the whole page and the storefront's
// first render creates its formatters in a fraction of a millisecond.
self.addEventListener('message', (event) => {
  const locale = event.data;
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1);
  new Intl.NumberFormat(locale).format(1);
  new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(0);
  new Intl.PluralRules(locale).select(1);
  close();
});
