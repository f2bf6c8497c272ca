import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language, pickLanguage } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INTL_LOCALE } from '../../lib/mail-texts';
import { MicroCache } from '../../lib/micro-cache';
import {
  catalogueTop,
  escapeHtml,
  homeHero,
  layout,
  productTop,
  type ShellContext,
  type ShellProduct,
  type Texts,
} from './shell';

/** What the storefront's build says about itself (apps/web/vite.config.ts, `storefront-manifest.json`). */
interface StorefrontManifest {
  languages: Record<string, { files: string[]; texts: Texts }>;
  pages: Record<string, string[]>;
}

type PageKind = 'home' | 'products' | 'product' | 'other';

/** The API calls each first-painted page makes on its first render, as the storefront words them. */
function firstCalls(kind: PageKind, pathname: string, search: string): string[] {
  const always = ['/settings/public'];
  if (kind === 'home')
    return [
      ...always,
      '/products/?featured=true&limit=8',
      '/products/?sort_by=created_at&sort_order=desc&limit=8',
      '/products/?sort_by=rating&sort_order=desc&limit=8',
      '/products/categories/list',
    ];
  // The catalogue's first page without filters (features/products/lib/catalogue-params.ts asks for 12).
  if (kind === 'products') return [...always, '/products/categories/list', ...(search ? [] : ['/products/?limit=12'])];
  if (kind === 'product') return [...always, `/products/${pathname.slice('/products/'.length)}`];
  return always;
}

/** The first product picture of a catalogue or product page (its largest paint), if it has one. */
function firstPicture(kind: PageKind, answers: Map<string, unknown>, calls: string[]): string | null {
  const product =
    kind === 'products'
      ? (answers.get('/products/?limit=12') as { products?: ShellProduct[] } | undefined)?.products?.[0]
      : kind === 'product'
        ? (answers.get(calls[1] as string) as ShellProduct | undefined)
        : undefined;
  return product ? product.images?.[0] || product.image || null : null;
}

/** Pictures up to this size travel inside the page as `data:` URLs (the demo covers are ~1 kB SVGs). */
const INLINE_PICTURE_BYTES = 4096;

/**
 * The storefront's own small picture (an upload served under /api/v1/media) as a `data:` URL, so the
 * page's largest paint needs no request of its own; null for larger or external pictures.
 */
async function inlinePicture(app: FastifyInstance, src: string): Promise<string | null> {
  const key = src.match(/^\/api\/v1\/media\/([\w-]+\/[\w.-]+)$/)?.[1];
  if (!key) return null;
  // Asked of the storage first: a large picture is never read just to be left out.
  const size = await app.deps.storage.size(key).catch(() => null);
  if (size === null || size > INLINE_PICTURE_BYTES) return null;
  const reply = await app.inject({ method: 'GET', url: src });
  const type = reply.headers['content-type']?.toString().split(';')[0]?.trim() ?? '';
  if (reply.statusCode !== 200 || !/^image\/(svg\+xml|png|jpeg|webp|gif|avif)$/.test(type)) return null;
  if (reply.rawPayload.length > INLINE_PICTURE_BYTES) return null;
  return `data:${type};base64,${reply.rawPayload.toString('base64')}`;
}

function pageKind(pathname: string): PageKind {
  if (pathname === '/') return 'home';
  if (pathname === '/products' || pathname === '/products/') return 'products';
  if (/^\/products\/[^/]+$/.test(pathname)) return 'product';
  return 'other';
}

/** The `lang` cookie the storefront sets (the visitor's choice), else the browser's languages. */
export function languageOf(
  request: Pick<FastifyRequest, 'headers'> & { cookies?: Record<string, string | undefined> },
): Language {
  const chosen = request.cookies?.lang;
  if (chosen && (LANGUAGES as readonly string[]).includes(chosen)) return chosen as Language;
  return pickLanguage(request.headers['accept-language'] ?? null) ?? 'en';
}

/** JSON for a `<script type="application/json">` block: no `<` can end the block or open a comment. */
function scriptSafe(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/** The little script that applies the remembered theme before the first paint (apps/web/public/theme-init.js). */
const THEME_SCRIPT = '<script src="/theme-init.js"></script>';

function readThemeScript(distDir: string): string | null {
  const file = path.join(distDir, 'theme-init.js');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

/**
 * The CSP sources that allow the scripts the pages carry inline ('sha256-…'): the theme script (none
 * without a built storefront) and APP_START_SCRIPT. The hashes name exactly those scripts, so no
 * other inline script may run.
 */
export function inlineScriptSources(distDir: string): string[] {
  const script = readThemeScript(distDir);
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  return [...(script === null ? [] : [hash(script)]), hash(APP_START_SCRIPT)];
}

/**
 * Starts the app once the painted page is on screen (a frame, then a task; at the latest after half
 * a second, as a hidden tab draws no frames): imports the entry and preloads the page's files named
 * in #app-files, eight a task (a product page names ~40, and each link starts its request at once);
 * a worker loads the locale's number and date data meanwhile (public/intl-warmup.js).
 * Fetched with the page, the scripts finished before its first paint on a fast connection, and the
 * entry's evaluation (~100 ms of CPU) held that paint back.
 */
const APP_START_SCRIPT =
  "(function(){var started=false;function start(){if(started)return;started=true;var files=JSON.parse(document.getElementById('app-files').textContent);import(files.entry);try{new Worker('/intl-warmup.js').postMessage(files.locale)}catch(error){}(function preload(from){files.preload.slice(from,from+8).forEach(function(href){var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.appendChild(link)});if(from+8<files.preload.length)setTimeout(preload,0,from+8)})(0)}requestAnimationFrame(function(){setTimeout(start)});setTimeout(start,500)})()";

export interface StorefrontPages {
  /** The HTML for a client route: index.html with its language, preloads, first answers and first screen. */
  render(app: FastifyInstance, request: FastifyRequest): Promise<string>;
}

/**
 * Builds the storefront's pages from its built index.html. Each page carries the anonymous answers to
 * the API calls the storefront's first render makes and paints its first screen as static HTML
 * (./shell.ts), so the browser shows the page without waiting for a chain of script, strings and data
 * requests; once it is painted, a small inline script preloads the files that render needs (the
 * language's strings, the page's code) and starts the app (APP_START_SCRIPT).
 * Null when the build has no manifest (then index.html is sent as it is). See
 * docs/decisions/0031-server-painted-first-screen.md.
 */
export function createStorefrontPages(distDir: string, cacheMs: number): StorefrontPages | null {
  const manifestFile = path.join(distDir, 'storefront-manifest.json');
  if (!fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as StorefrontManifest;
  let template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  if (!['<div id="root"></div>', '</head>', '</body>'].every((part) => template.includes(part))) return null;
  // What the first paint waits for comes with the page instead of two requests more: the theme
  // script (allowed by its hash, inlineScriptSources) and the stylesheet (16 kB compressed).
  const themeScript = readThemeScript(distDir);
  if (themeScript !== null) template = template.replace(THEME_SCRIPT, () => `<script>${themeScript}</script>`);
  template = template.replace(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/, (tag, href: string) => {
    const file = path.join(distDir, href);
    return fs.existsSync(file) ? `<style>${fs.readFileSync(file, 'utf8').replaceAll('</style', '<\\/style')}</style>` : tag;
  });
  // The painted page needs no script to be seen: the app's entry, which takes it over, is imported
  // by APP_START_SCRIPT once the page is on screen, and any other script at low priority (Priority
  // Hints), after the page's picture and without competing with it.
  let entryFile = '';
  template = template
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => {
      entryFile = src;
      return '';
    })
    .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
  if (!entryFile) return null;
  // Pages hold only public, anonymous answers: one rendering serves every visitor for a few seconds.
  const cache = new MicroCache<string>(cacheMs, { maxEntries: 2000, maxBytes: 64 * 2 ** 20, sizeOf: (html) => html.length });

  return {
    async render(app, request) {
      const url = new URL(request.url, 'http://storefront');
      const kind = pageKind(url.pathname);
      const language = languageOf(request as FastifyRequest & { cookies?: Record<string, string | undefined> });
      // A filtered catalogue is painted the same whatever its filters (only its layout is).
      const key = `${language} ${kind} ${kind === 'product' ? url.pathname : ''}${kind === 'products' && url.search ? '?' : ''}`;
      if (cacheMs <= 0) return renderPage(app, kind, url, language);
      return cache.get(key, () => renderPage(app, kind, url, language));
    },
  };

  async function renderPage(app: FastifyInstance, kind: PageKind, url: URL, language: Language): Promise<string> {
    const calls = firstCalls(kind, url.pathname, url.search);
    const answers = await Promise.all(
      calls.map(async (call) => {
        const reply = await app.inject({
          method: 'GET',
          url: `/api/v1${call}`,
          headers: { accept: 'application/json', 'accept-language': language },
        });
        return reply.statusCode === 200 && reply.headers['content-type']?.toString().includes('json')
          ? ([call, reply.payload] as const)
          : null;
      }),
    );
    const found = answers.filter((answer) => answer !== null);
    const parsed = new Map(found.map(([call, body]) => [call, JSON.parse(body) as unknown]));

    const settings = parsed.get('/settings/public') as { site_name?: string; maintenance_mode?: boolean } | undefined;
    const languageFiles = [...new Set([language, 'en'])].flatMap((lng) => manifest.languages[lng]?.files ?? []);
    const pageFiles = kind === 'other' ? [] : (manifest.pages[kind] ?? []);
    const appFiles = `<script type="application/json" id="app-files">${scriptSafe(JSON.stringify({ entry: entryFile, preload: [...languageFiles, ...pageFiles], locale: INTL_LOCALE[language] }))}</script><script>${APP_START_SCRIPT}</script>`;
    const data = found.length
      ? `<script type="application/json" id="initial-answers">${scriptSafe(`{${found.map(([call, body]) => `${JSON.stringify(call)}:${body}`).join(',')}}`)}</script>`
      : '';

    const texts = manifest.languages[language]?.texts ?? manifest.languages.en?.texts ?? {};
    // The picture that is the page's largest paint (a catalogue's first card, a product's cover).
    const picture = settings?.maintenance_mode ? null : firstPicture(kind, parsed, calls);
    const inline = picture ? await inlinePicture(app, picture) : null;
    const context: ShellContext = {
      texts,
      language,
      siteName: settings?.site_name?.trim() || texts['brand.full'] || 'AI Marketplace',
      inlinePictures: picture && inline ? new Map([[picture, inline]]) : undefined,
    };
    // In maintenance the storefront shows its maintenance screen instead: nothing is painted ahead of it.
    let main: string | null = null;
    if (!settings?.maintenance_mode) {
      if (kind === 'home') main = homeHero(context);
      if (kind === 'products' && !url.search)
        main = catalogueTop(context, parsed.get('/products/?limit=12') as { products: ShellProduct[]; total: number });
      const product = kind === 'product' ? parsed.get(calls[1] as string) : undefined;
      if (product) main = productTop(context, product as ShellProduct);
    }
    // A picture sent inside the page paints with it, before any request for it could have come back;
    // its file is still fetched, last and at low priority, for the storefront's first render to show
    // it from the cache. Otherwise the picture is asked for first: below the head's preloads it would
    // wait for a free connection behind the scripts (HTTP/1.1 allows six at a time).
    const pictureShown = main !== null && picture !== null;
    const picturePreload = (priority: string) =>
      `<link rel="preload" as="image" href="${escapeHtml(picture ?? '')}" fetchpriority="${priority}">`;
    return template
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace('<script', `${pictureShown && !inline ? picturePreload('high') : ''}<script`)
      .replace('</head>', `${pictureShown && inline ? picturePreload('low') : ''}${data}</head>`)
      .replace('</body>', `${appFiles}</body>`)
      .replace('<div id="root"></div>', `<div id="root">${main === null ? '' : layout(context, main)}</div>`);
  }
}
