/**
 * Module and feature boundaries, checked by `npm run lint` and `npm test` (dependency-cruiser).
 * Known exceptions that predate a rule are listed in .dependency-cruiser-known-violations.json;
 * new code may not add to them.
 */
/** What the modules mostly import from each other: services, repositories (they take a transaction), guards, presenters. */
const API_MODULE_PUBLIC = '(service|repository|repository-[a-z0-9-]+|guard|present|index)[.]ts$';
const WEB_FEATURE_PUBLIC = '(api|components)/|index[.]tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make load order and ownership unclear (type-only links are erased and do not count).',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'api-db-lib-not-modules',
      severity: 'error',
      comment: 'db/ and lib/ sit below the feature modules; only the seed (db/seed) builds data through their services.',
      from: { path: '^apps/api/src/(db|lib)/', pathNot: ['^apps/api/src/db/seed/', '^apps/api/src/lib/context[.]ts$'] },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'api-context-types-only',
      severity: 'error',
      comment: 'lib/context.ts (AppDeps) names the interfaces the modules implement, as types only: no runtime link upwards.',
      from: { path: '^apps/api/src/lib/context[.]ts$' },
      to: { path: '^apps/api/src/modules/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-module-public-files',
      severity: 'error',
      comment: `A module reaches another module only through its public files: ${API_MODULE_PUBLIC} (types from anywhere).`,
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: '[.]test[.]ts$' },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['^apps/api/src/modules/$1/', `^apps/api/src/modules/[^/]+/${API_MODULE_PUBLIC}`],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'seed-uses-services',
      severity: 'error',
      comment: 'The seed creates data the way the app does: through module services, never repositories or other internals.',
      from: { path: '^apps/api/src/db/seed/' },
      to: { path: '^apps/api/src/modules/', pathNot: '^apps/api/src/modules/[^/]+/(service|index)[.]ts$' },
    },
    {
      name: 'web-feature-public-files',
      severity: 'error',
      comment:
        'A web feature uses another feature only through its api/ hooks, components/ or index; pages and lib stay inside. ' +
        "The admin route bundle gathers other features' admin pages into one lazy chunk, as the router would.",
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/admin/pages/admin-pages[.]ts$' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', `^apps/web/src/features/[^/]+/(${WEB_FEATURE_PUBLIC})`],
      },
    },
    {
      name: 'web-not-api',
      severity: 'error',
      comment: 'The storefront talks to the API over HTTP and shares only packages/shared.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'packages/shared is the contract both apps use; it depends on neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, '.dependency-cruiser.tsconfig.json') }, // the web app's @/ paths
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@app/source', 'import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
