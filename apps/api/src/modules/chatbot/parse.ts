import { type CategorySlug, PRODUCT_PRICE_MAX, type ProductSort } from '@app/shared';
import * as other from './lexicon';

/**
 * Free text → what the visitor wants, expressed in the catalogue's own filters. Pure and
 * rule-based, so it works offline and answers are always grounded in the database. English words are
 * here; those of the storefront's other languages (es, fr, de, zh, ja) are in lexicon.ts.
 */

export interface ProductSearch {
  search?: string;
  category?: CategorySlug;
  min_price?: number;
  max_price?: number;
  sort_by: ProductSort;
  sort_order: 'asc' | 'desc';
}

export type ChatIntent =
  | { kind: 'menu' }
  | { kind: 'unknown' }
  | { kind: 'products' }
  | { kind: 'show_more' }
  | { kind: 'pricing' }
  | { kind: 'seller_info' }
  | { kind: 'custom_chatbot' }
  | { kind: 'compare'; left: string; right: string }
  /** A lowest price above anything a product may cost: nothing to search for. */
  | { kind: 'price_too_high' }
  | { kind: 'search'; query: ProductSearch };

const EXACT: Record<string, ChatIntent['kind']> = {
  '': 'menu',
  hi: 'menu',
  hello: 'menu',
  hey: 'menu',
  help: 'menu',
  menu: 'menu',
  'main menu': 'menu',
  main_menu: 'menu',
  start: 'menu',
  back: 'menu',
  cancel: 'menu',
  products: 'products',
  'show products': 'products',
  'browse products': 'products',
  browse: 'products',
  'show more': 'show_more',
  show_more: 'show_more',
  more: 'show_more',
  next: 'show_more',
  pricing: 'pricing',
  prices: 'pricing',
  price: 'pricing',
  'price ranges': 'pricing',
  'seller info': 'seller_info',
  seller_info: 'seller_info',
  'custom chatbot': 'custom_chatbot',
  custom_chatbot: 'custom_chatbot',
};
for (const [kind, phrases] of Object.entries(other.EXACT_WORDS)) {
  for (const phrase of phrases) EXACT[fold(normalise(phrase))] = kind as ChatIntent['kind'];
}

/** Words that mean the same as "main menu", also inside the lead flow. */
export function isMenuWord(text: string): boolean {
  return EXACT[fold(normalise(text))] === 'menu';
}

const SELLER_WORDS = /\b(sell|selling|seller|sellers|payouts?|commissions?|fees?|earnings?)\b/;
const CUSTOM_BOT = /\bcustom (chat)?bots?\b|\b(build|make|create)( me)? an? (custom )?(chat)?bot\b/;
const COMPARE = /^compare\s+(.+?)\s+(?:and|with|vs\.?|versus|to)\s+(.+)$|^(.+?)\s+(?:vs\.?|versus)\s+(.+)$/;

const CATEGORY_WORDS: [CategorySlug, RegExp][] = (
  [
    ['ml-modules', /\b(ml|machine learning) modules?\b|\bmodules?\b/],
    ['prompt-packs', /\bprompt ?packs?\b|\bprompts?\b/],
    ['ai-tools', /\bai ?tools?\b|\btools?\b|\bapps?\b/],
    ['datasets', /\bdata ?sets?\b|\bcorpus\b|\bcorpora\b|\btraining data\b/],
    ['scripts', /\bscripts?\b|\bautomations?\b/],
    ['apis', /\bapis?\b|\bendpoints?\b/],
    ['models', /\b(ai |ml )?models?\b|\bllms?\b|\bweights\b/],
  ] as const
).map(([slug, english]) => [slug, withOtherLanguages(other.CATEGORY_WORDS[slug], english)]);

const SORT_WORDS: [ProductSort, 'asc' | 'desc', RegExp][] = (
  [
    ['price', 'desc', /\bmost expensive\b|\bpriciest\b|\bpremium\b/],
    ['price', 'asc', /\bcheapest\b|\blowest price[ds]?\b|\bleast expensive\b|\bcheap\b|\baffordable\b|\bbudget\b/],
    ['popularity', 'desc', /\bbest[ -]?selling\b|\bmost popular\b|\bpopular\b|\btrending\b/],
    ['rating', 'desc', /\b(best|top|highest)[ -]rated\b|\bbest reviewed\b|\bbest\b/],
    ['created_at', 'desc', /\bnewest\b|\blatest\b|\bmost recent\b|\brecent\b|\bnew\b/],
  ] as const
).map(([sortBy, order, english]) => [sortBy, order, withOtherLanguages(other.SORT_WORDS[`${sortBy} ${order}`] ?? '', english)]);

/**
 * One pattern for all languages. The leftmost match wins and, at the same place, the other languages'
 * longer phrases come first ("paquetes de prompts" rather than its "prompts").
 */
function withOtherLanguages(others: string, english: RegExp): RegExp {
  return others ? new RegExp(`${others}|${english.source}`) : english;
}

const AMOUNT = String.raw`\$?\s*(\d+(?:\.\d{1,2})?)\s*`;
const NUMBER = String.raw`${AMOUNT}(?:\$|usd|dollars?|bucks)?`;
const ANY_NUMBER = String.raw`${AMOUNT}(?:\$|usd|dollars?|bucks|${other.DOLLAR_WORDS})?`;
const BETWEEN = new RegExp(String.raw`\b(?:between|from)\s+${NUMBER}\s*(?:and|to|-)\s*${NUMBER}`);
const RANGE = new RegExp(String.raw`\$\s*(\d+(?:\.\d{1,2})?)\s*(?:-|to)\s*${NUMBER}`);
const AT_MOST = new RegExp(
  String.raw`(?:\bunder|\bbelow|\bless than|\bcheaper than|\bup to|\bat most|\bmax(?:imum)?|\bwithin|<=?)\s*${NUMBER}`,
);
const AT_LEAST = new RegExp(String.raw`(?:\bover|\babove|\bmore than|\bat least|\bfrom|\bmin(?:imum)?|>=?)\s*${NUMBER}`);

/** Tried only when the English patterns found nothing, so English reads exactly as before. */
const OTHER_BETWEEN = [
  ...other.BETWEEN_LATIN.map(([before, joiner]) => new RegExp(String.raw`${before}\s+${ANY_NUMBER}\s*${joiner}\s*${ANY_NUMBER}`)),
  ...other.BETWEEN_CJK.map((joiner) => new RegExp(String.raw`${ANY_NUMBER}\s*${joiner}\s*${ANY_NUMBER}`)),
];
const OTHER_AT_MOST = [
  new RegExp(String.raw`(?:${other.AT_MOST_BEFORE})\s*${ANY_NUMBER}`),
  new RegExp(String.raw`${ANY_NUMBER}\s*(?:${other.AT_MOST_AFTER})`),
];
const OTHER_AT_LEAST = [
  new RegExp(String.raw`(?:${other.AT_LEAST_BEFORE})\s*${ANY_NUMBER}`),
  new RegExp(String.raw`${ANY_NUMBER}\s*(?:${other.AT_LEAST_AFTER})`),
];

const STOP_WORDS = new Set(
  `a an the for of me show find search i im i'm need want wanted looking look some any with about please can could you
  give get what which is are there do does have has in on to my something products product items item one ones that
  this like would love buy purchase recommend suggest your you've good great thing things and or list all see under
  price priced cost costs costing dollars dollar usd bucks us we our it its at by how there hi hello hey thanks
  thank much many who where when why will should`.split(/\s+/),
);

export function normalise(text: string): string {
  return text
    .replace(/[“”"'`´]/g, (c) => (c === "'" ? "'" : ' '))
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[«»„「」『』【】《》]/g, ' ')
    .replace(/[?!,;:()¿¡。、]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Accent-insensitive form: "menú" → "menu", "modèles" → "modeles". Japanese kana keep their marks. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

/** Words found in the folded text, spelt as the visitor wrote them ("modèles", not "modeles"). */
function asWritten(folded: string, original: string): string {
  const written = new Map(original.split(/[\s'-]+/).map((word) => [fold(word), word]));
  return folded
    .split(' ')
    .map((word) => written.get(word) ?? word)
    .join(' ');
}

function readComparison(text: string): [string, string] | null {
  for (const pattern of [COMPARE, ...other.COMPARE]) {
    const match = pattern.exec(text);
    if (!match) continue;
    const [left, right] = match.slice(1).filter((name) => name !== undefined);
    if (left?.trim() && right?.trim()) return [left.trim(), right.trim()];
  }
  return null;
}

const isSellerQuestion = (text: string) =>
  SELLER_WORDS.test(text.replace(/\bbest[ -]?selling\b/g, '')) || other.SELLER_WORDS.test(text);

/** Reads one message. Quick-reply values, their labels and free text all land here. */
export function parseMessage(message: string): ChatIntent {
  const original = normalise(message);
  const text = fold(original);
  const exact = EXACT[text] ?? EXACT[text.replace(/\.$/, '')];
  if (exact) return { kind: exact } as ChatIntent;
  if (CUSTOM_BOT.test(text) || other.CUSTOM_BOT.test(text)) return { kind: 'custom_chatbot' };
  const compare = readComparison(text);
  if (compare) return { kind: 'compare', left: asWritten(compare[0], original), right: asWritten(compare[1], original) };
  if (isSellerQuestion(text)) return { kind: 'seller_info' };
  if (/\b(pricing|prices|price ranges?)\b/.test(text)) return { kind: 'pricing' };
  const query = parseProductSearch(text);
  if (query?.min_price !== undefined && !(query.min_price <= PRODUCT_PRICE_MAX)) return { kind: 'price_too_high' };
  // "价格" or "Preise" alone asks for the price list; with a category or an amount it is a search.
  const namesFilters = query && (query.category || query.min_price !== undefined || query.max_price !== undefined);
  if (!namesFilters && other.PRICING_WORDS.test(text)) return { kind: 'pricing' };
  if (query?.search) query.search = asWritten(query.search, original);
  return query ? { kind: 'search', query } : { kind: 'unknown' };
}

/**
 * Category, price bounds, sort words and the remaining words as search text; null when nothing is left.
 * An upper bound above PRODUCT_PRICE_MAX is dropped; a lower bound above it is kept for the caller to refuse.
 */
export function parseProductSearch(normalised: string): ProductSearch | null {
  let rest = ` ${normalised} `;
  const query: ProductSearch = { sort_by: 'created_at', sort_order: 'desc' };
  let understood = false;

  const take = (pattern: RegExp): RegExpExecArray | null => {
    const match = pattern.exec(rest);
    if (match) rest = rest.replace(match[0], ' ');
    return match;
  };

  const takeFirst = (patterns: RegExp[]): RegExpExecArray | null => {
    for (const pattern of patterns) {
      const match = take(pattern);
      if (match) return match;
    }
    return null;
  };

  const between = take(BETWEEN) ?? take(RANGE) ?? takeFirst(OTHER_BETWEEN);
  if (between) {
    const [low, high] = [Number(between[1]), Number(between[2])].sort((a, b) => a - b);
    Object.assign(query, { min_price: low, max_price: high });
    understood = true;
  } else {
    const atMost = take(AT_MOST) ?? takeFirst(OTHER_AT_MOST);
    if (atMost) query.max_price = Number(atMost[1]);
    const atLeast = take(AT_LEAST) ?? takeFirst(OTHER_AT_LEAST);
    if (atLeast) query.min_price = Number(atLeast[1]);
    if (query.min_price !== undefined && query.max_price !== undefined && query.min_price > query.max_price) {
      [query.min_price, query.max_price] = [query.max_price, query.min_price];
    }
    understood ||= Boolean(atMost || atLeast);
  }
  // No product costs more than PRODUCT_PRICE_MAX: a higher ceiling is no ceiling (and never reaches the database).
  if (query.max_price !== undefined && !(query.max_price <= PRODUCT_PRICE_MAX)) delete query.max_price;

  for (const [sortBy, order, pattern] of SORT_WORDS) {
    if (take(pattern)) {
      query.sort_by = sortBy;
      query.sort_order = order;
      understood = true;
      break;
    }
  }

  for (const [slug, pattern] of CATEGORY_WORDS) {
    if (take(pattern)) {
      query.category = slug;
      understood = true;
      break;
    }
  }

  const words = withoutCjkFunctionWords(rest)
    .replace(/[$.]/g, ' ')
    .split(/\s+/)
    .map(withoutElision)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word) && !other.STOP_WORDS.has(word) && !/^\d+$/.test(word));
  if (words.length > 0) {
    query.search = words.join(' ').slice(0, 200);
    understood = true;
  }
  return understood ? query : null;
}

/** Chinese and Japanese run words together: cut out particles so only the words that name things stay. */
function withoutCjkFunctionWords(text: string): string {
  return text.replace(other.HAS_KANA.test(text) ? other.JAPANESE_STOP : other.CHINESE_STOP, ' ');
}

/** French "l'image" → "image", "montrez-moi" → "montrez", German "Übersetzungs-" (of "-APIs") → "übersetzungs". */
function withoutElision(word: string): string {
  return word
    .replace(/^(?:qu|[cdjlmnst])'(?=\p{L})/u, '')
    .replace(/-(?:moi|nous|vous|toi|les?|la)$/, '')
    .replace(/^-+|-+$/g, '');
}
