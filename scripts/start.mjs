// `npm start`: build the storefront when its sources changed, then run the API server
// (which also serves the storefront) in this same process.
import { register } from 'tsx/esm/api';
import { buildStorefrontIfStale } from './lib/build-web.mjs';

await buildStorefrontIfStale();
register();
await import('../apps/api/src/server.ts');
