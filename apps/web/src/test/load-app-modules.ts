/**
 * Setup of the `web` test project, whose files share one module graph per worker
 * (apps/web/vitest.config.ts): every module of the app is loaded before a file's tests run. The
 * pages are lazy in the app; a lazy import still in flight when a file ends would fail ("after the
 * environment was torn down"), and React.lazy keeps that failure for every later file of the worker.
 * With every module loaded first, no import is ever in flight; loading costs once per worker.
 */
const modules = import.meta.glob(['../**/*.{ts,tsx}', '!../main.tsx', '!../**/*.test.{ts,tsx}', '!../test/**']);
await Promise.all(Object.values(modules).map((load) => load()));
