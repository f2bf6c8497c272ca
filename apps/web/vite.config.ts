import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const LANGUAGES = ['en', 'es', 'fr', 'de', 'zh', 'ja'] as const;
/** The UI texts the server's first paint of a page uses (apps/api/src/modules/storefront/shell.ts). */
const SHELL_TEXT_PREFIXES = ['brand.', 'header.', 'search.', 'home.', 'nav.', 'productCard.', 'catalogNames.categories.'];
const SHELL_TEXTS = ['common.skipToContent', 'products.title', 'products.total_', 'products.filters.title', 'products.sort.'];
/** The pages the server paints first, and the modules each one needs before its first render. */
const PAGE_MODULES: Record<string, string[]> = {
  home: ['/src/features/home/components/home-sections.tsx'],
  products: ['/src/features/products/pages/products-page.tsx'],
  product: ['/src/features/products/pages/product-detail-page.tsx'],
};

function flatten(value: unknown, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  if (typeof value === 'string') into[prefix] = value;
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

/**
 * Writes `storefront-manifest.json` beside index.html: for each language the files of its strings
 * and the texts of the server's first paint, and for each first-painted page the files of its code.
 * The server preloads those files and paints the page's first screen from those texts, so the
 * browser fetches everything the first render needs at once instead of one request after another.
 */
function storefrontManifest(): Plugin {
  return {
    name: 'storefront-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const inEntry = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
      const byModule = (suffix: string) => chunks.find((chunk) => chunk.facadeModuleId?.endsWith(suffix));
      // A chunk and the chunks it imports statically, less those index.html already loads.
      const withImports = (fileName: string | undefined, seen = new Set<string>()): string[] => {
        if (!fileName || seen.has(fileName) || inEntry.has(fileName)) return [];
        seen.add(fileName);
        const chunk = chunks.find((candidate) => candidate.fileName === fileName);
        return [fileName, ...(chunk?.imports ?? []).flatMap((file) => withImports(file, seen))];
      };
      const languages = Object.fromEntries(
        LANGUAGES.map((language) => {
          const files = [
            `/src/lib/i18n/${language}.json`,
            `/src/lib/i18n/${language}-preferences.json`,
            `/src/lib/i18n/${language}-errors.json`,
            `/shared/src/messages/${language}.json`,
          ].flatMap((suffix) => withImports(byModule(suffix)?.fileName));
          const all = flatten(JSON.parse(readFileSync(`${root}src/lib/i18n/${language}.json`, 'utf8')));
          const texts = Object.fromEntries(
            Object.entries(all).filter(([key]) =>
              [...SHELL_TEXT_PREFIXES, ...SHELL_TEXTS].some((wanted) => key === wanted || key.startsWith(wanted)),
            ),
          );
          return [language, { files: files.map((file) => `/${file}`), texts }];
        }),
      );
      const pages = Object.fromEntries(
        Object.entries(PAGE_MODULES).map(([page, modules]) => [
          page,
          modules.flatMap((module) => withImports(byModule(module)?.fileName)).map((file) => `/${file}`),
        ]),
      );
      this.emitFile({
        type: 'asset',
        fileName: 'storefront-manifest.json',
        source: JSON.stringify({ languages, pages }),
      });
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), storefrontManifest()],
  resolve: {
    conditions: ['@app/source', ...defaultClientConditions],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (rolldown's `$initial` modules) goes into the entry
          // file itself. Left to itself rolldown split it into ten files (React, i18next with the icon
          // runtime, TanStack Query with the API client, seven small ones) because lazy chunks share
          // them, although every page has loaded them before any lazy chunk runs. One file compresses
          // as one (150.5 -> 146.0 kB gzip for `/`) and drops the names the files passed between them;
          // the lazy chunks import the same code from the entry instead.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
