// Gzip size of what the browser downloads for the first page: the entry script, every chunk it
// imports statically (transitively) and the stylesheets index.html links. Run after `vite build`.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map((m) => m[1]);
const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]);

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  // Static imports only: `import{...}from"./x.js"` and bare `import"./x.js"`; dynamic import() is left out.
  for (const [, spec] of code.matchAll(/(?:^|[;}\s])import\s*(?:[^'"`()]*?from\s*)?["'`](\.\/[^"'`]+)["'`]/g)) {
    visit(join(dirname(file), spec));
  }
}
for (const entry of entries) visit(entry);

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const rows = [...seen].map((file) => [file, gz(file)]).sort((a, b) => b[1] - a[1]);
const js = rows.reduce((sum, [, size]) => sum + size, 0);
const css = styles.reduce((sum, file) => sum + gz(file), 0);
for (const [file, size] of rows) console.log(`${(size / 1024).toFixed(2).padStart(8)} kB  ${file}`);
console.log(
  `JS loaded for /: ${(js / 1024).toFixed(2)} kB gzip in ${rows.length} files; CSS: ${(css / 1024).toFixed(2)} kB gzip`,
);

// The code each server-painted page loads before its first render (storefront-manifest.json, beside
// the entry above), and whether any of it builds zod schemas (`/` and `/products` should not).
const manifest = JSON.parse(readFileSync(join(dist, 'storefront-manifest.json'), 'utf8'));
for (const [page, files] of Object.entries(manifest.pages)) {
  const size = files.reduce((sum, file) => sum + gz(file.slice(1)), 0);
  const schemas = files.filter((file) => /from"\.\/schemas-/.test(readFileSync(join(dist, file.slice(1)), 'utf8')));
  console.log(
    `page code for ${page}: ${(size / 1024).toFixed(2)} kB gzip in ${files.length} files; importing zod: ${schemas.length ? schemas.join(', ') : 'none'}`,
  );
}
