import { CATEGORIES, type Language } from '@app/shared';
import { INTL_LOCALE } from '../../lib/mail-texts';

/**
 * The first screen of `/`, `/products` and a product page as static HTML, painted before the
 * storefront's scripts have run; the storefront's first render replaces it. The markup and classes
 * are those the React components render (app/layouts/components/header.tsx, features/home/pages/
 * home-page.tsx, features/products/pages/products-page.tsx and product-detail-page.tsx,
 * components/product-card.tsx), so the page does not move when it is replaced; the texts come
 * from the storefront's own language files (its build writes them to storefront-manifest.json).
 * Only what sits above the fold is painted here; controls that need the script (the language
 * and theme switches, the menu) are drawn without being controls.
 */

export type Texts = Record<string, string>;

export interface ShellProduct {
  id: string;
  title: string;
  category: string;
  seller?: string | null;
  price: number;
  original_price?: number | null;
  images?: string[] | null;
  image?: string | null;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** i18next's lookup as the storefront uses it: `{{name}}` values, plurals by `count` (`key_one`, `key_other`). */
export function translate(texts: Texts, language: Language, key: string, values: Record<string, string | number> = {}): string {
  let text = texts[key];
  if (text === undefined && typeof values.count === 'number') {
    const rule = new Intl.PluralRules(INTL_LOCALE[language]).select(values.count);
    text = texts[`${key}_${rule}`] ?? texts[`${key}_other`];
  }
  return (text ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const svg = (className: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide ${className}" aria-hidden="true">${body}</svg>`;
const ICONS = {
  sparkles:
    '<path d="M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z"></path><path d="M20 2v4"></path><path d="M22 4h-4"></path><circle cx="4" cy="20" r="2"></circle>',
  search: '<path d="m21 21-4.34-4.34"></path><circle cx="11" cy="11" r="8"></circle>',
  languages:
    '<path d="m5 8 6 6"></path><path d="m4 14 6-6 2-3"></path><path d="M2 5h12"></path><path d="M7 2h1"></path><path d="m22 22-5-10-5 10"></path><path d="M14 18h6"></path>',
  moon: '<path d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401"></path>',
  cart: '<path d="m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18"></path><path d="M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25"></path><circle cx="18" cy="20" r="2"></circle><circle cx="8" cy="20" r="2"></circle>',
  menu: '<path d="M4 5h16"></path><path d="M4 12h16"></path><path d="M4 19h16"></path>',
  arrowRight: '<path d="M5 12h14"></path><path d="m12 5 7 7-7 7"></path>',
  sliders:
    '<path d="M10 5H3"></path><path d="M12 19H3"></path><path d="M14 3v4"></path><path d="M16 17v4"></path><path d="M21 12h-9"></path><path d="M21 19h-5"></path><path d="M21 5h-7"></path><path d="M8 10v4"></path><path d="M8 12H3"></path>',
  chevronRight: '<path d="m9 18 6-6-6-6"></path>',
};

const BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400 disabled:cursor-not-allowed disabled:opacity-70';
const GHOST = 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';
const OUTLINE =
  'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';
const PRIMARY =
  'bg-gradient-to-r from-indigo-600 to-violet-600 text-white shadow-sm hover:from-indigo-500 hover:to-violet-500 disabled:from-indigo-400 disabled:to-violet-400';
const INPUT =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 disabled:cursor-not-allowed disabled:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:disabled:bg-slate-800 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/30 dark:aria-invalid:border-red-400';

export interface ShellContext {
  texts: Texts;
  language: Language;
  siteName: string;
  /** Pictures sent inside the page (`data:` URLs) by their address: they paint with the first paint. */
  inlinePictures?: ReadonlyMap<string, string>;
}

function t(context: ShellContext, key: string, values?: Record<string, string | number>): string {
  return escapeHtml(translate(context.texts, context.language, key, values));
}

/** The header's search: a plain form that searches the catalogue until the script's own box replaces it. */
function headerSearch(context: ShellContext, id: string): string {
  return `<search aria-label="${t(context, 'search.siteLabel')}"><form class="relative" action="/products" method="get"><label for="${id}" class="sr-only">${t(context, 'search.label')}</label><div class="relative">${svg('lucide-search pointer-events-none absolute top-1/2 -translate-y-1/2 text-slate-400 left-3 size-4', ICONS.search)}<input id="${id}" name="search" placeholder="${t(context, 'search.placeholder')}" enterkeyhint="search" autocomplete="off" class="${INPUT} h-10 rounded-full bg-slate-50 pl-9 dark:bg-slate-900" type="search"></div></form></search>`;
}

function header(context: ShellContext): string {
  const [first = context.siteName, ...rest] = context.siteName.split(/\s+/);
  const name = `${escapeHtml(first)}${rest.length ? ` <span class="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent dark:from-indigo-400 dark:to-violet-400">${escapeHtml(rest.join(' '))}</span>` : ''}`;
  const navLink = (to: string, key: string, wide = false) =>
    `<a class="rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600 text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white${wide ? ' max-xl:hidden' : ''}" href="${to}">${t(context, key)}</a>`;
  return `<header class="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur-md dark:border-slate-800/80 dark:bg-slate-950/85"><div class="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-3 sm:px-6 lg:px-8 2xl:max-w-[96rem]"><a class="inline-flex min-w-0 items-center gap-2 rounded-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600 dark:text-white shrink-0" href="/"><span class="flex size-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm">${svg('lucide-sparkles size-4.5', ICONS.sparkles)}</span><span class="truncate text-lg max-sm:sr-only">${name}</span></a><nav aria-label="${t(context, 'nav.main')}" class="ml-2 hidden shrink-0 items-center gap-1 lg:flex">${navLink('/products', 'nav.products')}${navLink('/community', 'nav.community')}${navLink('/about', 'nav.about', true)}${navLink('/contact', 'nav.contact', true)}</nav><div class="ml-auto hidden w-full max-w-xs min-w-44 xl:block">${headerSearch(context, 'shell-search-wide')}</div><div class="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1 xl:ml-1"><span aria-hidden="true" class="relative inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-2.5 text-sm font-medium sm:px-2 text-slate-700 dark:text-slate-300 shrink-0">${svg('lucide-languages size-5', ICONS.languages)}<span class="hidden sm:inline">${context.language.toUpperCase()}</span></span><span aria-hidden="true" class="${BUTTON} ${GHOST} size-10 shrink-0">${svg('lucide-moon size-5', ICONS.moon)}</span><a class="${BUTTON} ${GHOST} size-10 relative shrink-0" href="/cart">${svg('lucide-shopping-cart size-5', ICONS.cart)}</a><a class="${BUTTON} ${GHOST} h-8 px-3 text-sm shrink-0 whitespace-nowrap" href="/login">${t(context, 'header.signIn')}</a><a class="${BUTTON} ${PRIMARY} h-8 px-3 text-sm shrink-0 whitespace-nowrap max-md:hidden" href="/register">${t(context, 'header.getStarted')}</a><span aria-hidden="true" class="${BUTTON} ${GHOST} size-10 shrink-0 xl:hidden">${svg('lucide-menu size-5', ICONS.menu)}</span></div></div><div class="border-t border-slate-200/80 px-4 py-2 xl:hidden dark:border-slate-800/80">${headerSearch(context, 'shell-search')}</div></header>`;
}

/** The public layout around a page's first screen. */
export function layout(context: ShellContext, main: string): string {
  return `<div class="flex min-h-screen flex-col"><a href="#main" class="sr-only z-50 rounded-lg bg-indigo-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3">${t(context, 'common.skipToContent')}</a>${header(context)}<main id="main" class="min-h-[calc(100vh-4rem)] flex-1">${main}</main></div>`;
}

/** components/word-wrap.tsx: Chinese and Japanese headlines break only between words. */
function wordWrap(text: string, language: Language): string {
  let words = [text];
  if (language === 'ja' || language === 'zh') {
    words = [];
    for (const { segment, isWordLike } of new Intl.Segmenter(language, { granularity: 'word' }).segment(text)) {
      if (!isWordLike && words.length > 0) words[words.length - 1] += segment;
      else words.push(segment);
    }
  }
  return `<span class="break-keep wrap-anywhere">${words.map(escapeHtml).join('<wbr>')}</span>`;
}

const POPULAR_SEARCHES = ['chatbot', 'dataset', 'image', 'prompts'];

/** `/`: the hero (its heading is the page's largest paint). */
export function homeHero(context: ShellContext): string {
  const chips = POPULAR_SEARCHES.map(
    (term) =>
      `<a class="rounded-full border border-slate-200 bg-white/70 px-3 py-1 text-slate-700 hover:border-indigo-300 hover:text-indigo-700 dark:border-slate-700 dark:bg-slate-900/70 dark:text-slate-300 dark:hover:text-indigo-300" href="/products?search=${term}">${t(context, `home.popular.${term}`)}</a>`,
  ).join('');
  return `<section class="relative"><div aria-hidden="true" class="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,rgb(99_102_241/0.18),transparent),radial-gradient(40rem_20rem_at_90%_10%,rgb(139_92_246/0.15),transparent)]"></div><div class="mx-auto max-w-7xl px-4 pt-16 pb-12 text-center sm:px-6 lg:px-8 lg:pt-24"><p class="mx-auto inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white/70 px-3 py-1 text-xs font-medium text-indigo-700 dark:border-indigo-900 dark:bg-slate-900/70 dark:text-indigo-300">${svg('lucide-sparkles size-3.5', ICONS.sparkles)}${t(context, 'home.eyebrow')}</p><h1 class="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">${wordWrap(translate(context.texts, context.language, 'home.title'), context.language)} <span class="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent dark:from-indigo-400 dark:to-violet-400">${wordWrap(translate(context.texts, context.language, 'home.titleAccent'), context.language)}</span></h1><p class="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-400">${t(context, 'home.subtitle')}</p><search aria-label="${t(context, 'search.heroLabel')}" class="mx-auto mt-10 max-w-2xl"><form class="relative" action="/products" method="get"><label for="shell-search-hero" class="sr-only">${t(context, 'search.label')}</label><div class="relative flex gap-2">${svg('lucide-search pointer-events-none absolute top-1/2 -translate-y-1/2 text-slate-400 left-4 size-5', ICONS.search)}<input id="shell-search-hero" name="search" placeholder="${t(context, 'search.placeholder')}" enterkeyhint="search" autocomplete="off" class="${INPUT} h-14 flex-1 rounded-2xl bg-white pl-12 text-base shadow-lg shadow-indigo-500/10 dark:bg-slate-900" type="search"><button type="submit" class="${BUTTON} ${PRIMARY} h-12 px-6 text-base h-14 rounded-2xl px-6">${t(context, 'search.submit')}</button></div></form></search><p class="mt-4 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-400"><span>${t(context, 'home.popularSearches')}</span>${chips}</p><div class="mt-8 flex flex-wrap justify-center gap-3"><a class="${BUTTON} ${OUTLINE} h-12 px-6 text-base" href="/products">${t(context, 'home.browse')}${svg('lucide-arrow-right size-4', ICONS.arrowRight)}</a><a class="${BUTTON} ${GHOST} h-12 px-6 text-base" href="/seller">${t(context, 'home.sell')}</a></div></div></section>`;
}

function categoryName(context: ShellContext, nameOrSlug: string): string {
  const category = CATEGORIES.find((c) => c.slug === nameOrSlug || c.name === nameOrSlug);
  return category ? (context.texts[`catalogNames.categories.${category.slug}`] ?? category.name) : nameOrSlug;
}

function money(context: ShellContext, amount: number): string {
  return new Intl.NumberFormat(INTL_LOCALE[context.language], { style: 'currency', currency: 'USD' }).format(amount);
}

function price(context: ShellContext, product: ShellProduct, size: 'md' | 'lg'): string {
  const discounted = typeof product.original_price === 'number' && product.original_price > product.price;
  return `<p class="flex flex-wrap items-baseline gap-x-2"><span class="font-bold text-slate-900 tabular-nums dark:text-white ${size === 'lg' ? 'text-3xl tracking-tight' : 'text-base'}"><span class="sr-only">${t(context, 'productCard.price')} </span>${escapeHtml(money(context, product.price))}</span>${discounted ? `<span class="text-slate-500 tabular-nums dark:text-slate-400 ${size === 'lg' ? 'text-lg' : 'text-sm'}"><span class="sr-only">${t(context, 'productCard.originalPrice')} </span><del>${escapeHtml(money(context, product.original_price as number))}</del></span>` : ''}</p>`;
}

/** components/product-thumbnail.tsx: the picture, or the 'AI' tile when there is none. */
function picture(context: ShellContext, src: string | null | undefined, className: string, first: boolean): string {
  const box = `shrink-0 overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800 ${className}`;
  if (!src)
    return `<div aria-hidden="true" class="${box} flex items-center justify-center bg-gradient-to-br from-indigo-500 to-violet-600 font-bold text-white">AI</div>`;
  return `<img alt="" ${first ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"'} class="${box} object-cover" src="${escapeHtml(context.inlinePictures?.get(src) ?? src)}">`;
}

const coverOf = (product: ShellProduct) => product.images?.[0] || product.image || null;

function card(context: ShellContext, product: ShellProduct, first: boolean): string {
  const seller = product.seller || translate(context.texts, context.language, 'productCard.unknownSeller');
  return `<li><article class="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-3 shadow-xs transition focus-within:ring-2 focus-within:ring-indigo-500 hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700">${picture(context, coverOf(product), 'aspect-[8/5] w-full text-3xl', first)}<div class="flex flex-1 flex-col px-1 pt-3 pb-1"><p class="text-xs font-medium tracking-wide text-indigo-600 uppercase dark:text-indigo-400">${escapeHtml(product.category ? categoryName(context, product.category) : translate(context.texts, context.language, 'productCard.fallbackCategory'))}</p><h3 class="mt-1 line-clamp-2 font-semibold text-slate-900 dark:text-white"><a class="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none" href="/products/${encodeURIComponent(product.id)}">${escapeHtml(product.title)}</a></h3><p class="mt-1 truncate text-sm text-slate-500 dark:text-slate-400">${t(context, 'productCard.by', { seller })}</p><span class="mt-2 block h-4"></span><div class="mt-auto flex items-end justify-between gap-2 pt-3">${price(context, product, 'md')}<span class="block h-8"></span></div></div></article></li>`;
}

/** `/products` without filters: the heading, the filters button and the first page of cards. */
export function catalogueTop(context: ShellContext, list: { products: ShellProduct[]; total: number } | undefined): string {
  const total = list ? t(context, 'products.total', { count: list.total }) : '';
  const cards = list?.products.length
    ? `<ul aria-label="${t(context, 'products.title')}" class="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">${list.products.map((product, index) => card(context, product, index === 0)).join('')}</ul>`
    : '';
  return `<div class="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8"><div class="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-6 dark:border-slate-800"><div><h1 class="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">${t(context, 'products.title')}</h1><p class="mt-1 min-h-5 text-sm text-slate-600 dark:text-slate-400">${total}</p></div><div class="flex items-center gap-2"><span class="text-sm whitespace-nowrap text-slate-600 dark:text-slate-400">${t(context, 'products.sort.label')}</span><span class="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 w-auto min-w-44 flex items-center">${t(context, 'products.sort.newest')}</span></div></div><div class="mt-8 grid gap-8 lg:grid-cols-[15rem_1fr]"><aside aria-label="${t(context, 'products.filters.title')}"><span class="${BUTTON} ${OUTLINE} h-10 px-4 text-sm w-full lg:hidden">${svg('lucide-sliders-horizontal size-4', ICONS.sliders)}${t(context, 'products.filters.title')}</span></aside><section class="min-w-0">${cards}</section></div></div>`;
}

/** A product page: the breadcrumb, the main picture (the largest paint), the category, the title and the price. */
export function productTop(context: ShellContext, product: ShellProduct & { category_slug?: string }): string {
  const category = categoryName(context, product.category);
  const categoryLink = `/products?category=${encodeURIComponent(product.category_slug ?? '')}`;
  const chevron = `<li aria-hidden="true">${svg('lucide-chevron-right size-4', ICONS.chevronRight)}</li>`;
  return `<div class="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8"><nav class="mb-6"><ol class="flex flex-wrap items-center gap-1 text-sm text-slate-500 dark:text-slate-400"><li><a class="hover:text-slate-900 dark:hover:text-white" href="/products">${t(context, 'products.title')}</a></li>${chevron}<li><a class="hover:text-slate-900 dark:hover:text-white" href="${escapeHtml(categoryLink)}">${escapeHtml(category)}</a></li>${chevron}<li class="max-w-64 truncate font-medium text-slate-900 dark:text-white">${escapeHtml(product.title)}</li></ol></nav><div class="grid gap-10 lg:grid-cols-2"><div><figure>${picture(context, coverOf(product), 'aspect-[8/5] w-full text-6xl shadow-sm', true)}</figure></div><div><p class="text-sm font-medium tracking-wide text-indigo-600 uppercase dark:text-indigo-400">${escapeHtml(category)}</p><h1 class="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">${escapeHtml(product.title)}</h1><div class="mt-3 h-5"></div><div class="mt-6 flex flex-wrap items-center gap-3">${price(context, product, 'lg')}</div></div></div></div>`;
}
