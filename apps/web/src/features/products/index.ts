/** What other features may use of the catalogue's URL state, so their product lists filter and sort as the catalogue does. */
export {
  type CatalogueKey,
  type CatalogueParams,
  FILTER_KEYS,
  hasFilters,
  readCatalogueParams,
  sortKeyOf,
  toProductQuery,
  withChanges,
} from './lib/catalogue-params';
