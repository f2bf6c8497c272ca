import {
  AI_POOL_SHARE,
  CATEGORIES,
  CHAT_PRODUCT_LIMIT,
  type ChatBotMessage,
  type ChatContext,
  type ChatLead,
  type ChatLeadList,
  type ChatProductParams,
  type ChatReply,
  type ChatRow,
  type ChatRowKind,
  chatContextSchema,
  emailField,
  type PublicProduct,
} from '@app/shared';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import { pagedList } from '../../lib/paging';
import { countRateLimitHit } from '../../lib/rate-limit-store';
import { browseProducts } from '../catalog/service';
import { readSettings } from '../settings/service';
import type { UserRow } from '../users/repository';
import { phraseWithLlm } from './llm';
import { isMenuWord, type ProductSearch, parseMessage } from './parse';
import { listReplies, MENU_REPLIES, say, toCard, usd } from './replies';
import {
  type ChatLeadRow,
  type ChatSessionRow,
  insertLead,
  insertSession,
  listLeadsPage,
  lockSession,
  priceRangesByCategory,
  pruneIdleSessions,
  saveSession,
} from './repository';

/** A conversation left alone this long starts over. */
const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
const RATE_WINDOW_MS = 60_000;
const HOUR_MS = 60 * 60_000;

/** What Show more pages through: the last product query and the page shown. */
interface BrowseState {
  query: ProductSearch;
  page: number;
}

/** The outcome of one message, before it is stored. */
interface Turn {
  messages: ChatBotMessage[];
  context: ChatContext;
  browse: BrowseState | null;
  action: ChatReply['action'];
  params: ChatReply['params'];
  lead?: { name: string; email: string; need: string };
}

/**
 * Handles one visitor message: opens (or creates) the server-side session and counts the message
 * against the per-session rate limit; answers from the catalogue with no transaction open; then
 * stores the new context (and a lead, within the lead limits) atomically. No connection is held
 * while the catalogue is read: a transaction waiting for a second pooled connection starved the
 * pool once as many messages arrived at once as it has connections, and every request after them
 * waited forever. A session's messages still take effect in order: when another message of the
 * session was answered in between, this one is answered again from the state that one left.
 * Admins hear of leads through the lead digest (lead-digest.ts), never one e-mail per lead.
 */
export async function handleChatMessage(
  deps: AppDeps,
  input: { session_id?: string; message: string; ip: string },
  viewer: UserRow | null,
): Promise<ChatReply> {
  const site = (await readSettings(deps)).site_name;
  const session = await deps.db.transaction(async (tx) => {
    const opened = await openSession(tx, input.session_id, viewer);
    await saveSession(tx, opened.id, countMessage(deps, opened));
    return opened;
  });
  let basis: TurnState = session;
  for (let attempt = 1; ; attempt += 1) {
    const context = chatContextSchema.parse(basis.context ?? {});
    const turn = await answer(deps, site, input.message, context, basis.browse as BrowseState | null);
    const newer = await deps.db.transaction(async (tx) => {
      const current = await lockSession(tx, session.id);
      if (current && attempt < MAX_TURN_ATTEMPTS && !sameTurnState(current, basis)) return current;
      if (turn.lead) await countLead(deps, tx, input.ip, session.id);
      await saveSession(tx, session.id, { context: turn.context, browse: turn.browse });
      if (turn.lead) await insertLead(tx, { ...turn.lead, sessionId: session.id, userId: viewer?.id ?? null });
      return undefined;
    });
    if (newer) {
      basis = newer;
      continue;
    }
    const reply: ChatReply = {
      session_id: session.id,
      messages: turn.messages,
      context: turn.context,
      action: turn.action,
      params: turn.params,
    };
    return phraseWithLlm(deps, reply);
  }
}

/** What a turn is answered from; a message answered meanwhile changes it. */
type TurnState = Pick<ChatSessionRow, 'context' | 'browse'>;
/** Messages of one session racing each other: after this many answers the last one is kept as it is. */
const MAX_TURN_ATTEMPTS = 5;

function sameTurnState(a: TurnState, b: TurnState): boolean {
  return JSON.stringify([a.context, a.browse]) === JSON.stringify([b.context, b.browse]);
}

/**
 * Counts a lead against CHATBOT_LEADS_PER_HOUR for the client address and for the session (either
 * alone can be changed at will); over either is a 429 and, the transaction undone, nothing is stored.
 */
async function countLead(deps: AppDeps, tx: Tx, ip: string, sessionId: string): Promise<void> {
  const limit = deps.config.chatbot.leadsPerHour;
  for (const key of [`chatbot-lead|ip:${ip}`, `chatbot-lead|session:${sessionId}`]) {
    const { current } = await countRateLimitHit(tx, key, HOUR_MS);
    if (current > limit) {
      throw new AppError('RATE_LIMITED', 'You have sent several messages in the last hour. Please try again later.');
    }
  }
}

/** The caller's session, or a fresh one when none was given, it is unknown, idle too long or someone else's. */
async function openSession(tx: Tx, id: string | undefined, viewer: UserRow | null): Promise<ChatSessionRow> {
  const existing = id ? await lockSession(tx, id) : undefined;
  const usable =
    existing &&
    (existing.userId === null || existing.userId === viewer?.id) &&
    Date.now() - existing.updatedAt.getTime() < SESSION_IDLE_MS;
  if (usable) return existing;
  await pruneIdleSessions(tx, new Date(Date.now() - SESSION_IDLE_MS));
  return insertSession(tx, viewer?.id ?? null);
}

/** Counts the message in the session's one-minute window; too many is a 429. */
function countMessage(deps: AppDeps, session: ChatSessionRow): Pick<ChatSessionRow, 'windowStartedAt' | 'windowCount'> {
  const now = new Date();
  const fresh = now.getTime() - session.windowStartedAt.getTime() >= RATE_WINDOW_MS;
  const windowCount = fresh ? 1 : session.windowCount + 1;
  if (windowCount > deps.config.chatbot.ratePerMinute) {
    throw new AppError('RATE_LIMITED', 'You are sending messages too quickly. Please wait a moment and try again.');
  }
  return { windowStartedAt: fresh ? now : session.windowStartedAt, windowCount };
}

const MENU_CONTEXT: ChatContext = { flow: 'menu', step: null, name: null, email: null, last_intent: null };

async function answer(
  deps: AppDeps,
  site: string,
  message: string,
  context: ChatContext,
  browse: BrowseState | null,
): Promise<Turn> {
  if (context.flow === 'lead' && !isMenuWord(message)) return continueLead(message, context, browse);
  const intent = parseMessage(message);
  const base = { ...MENU_CONTEXT, name: context.name, email: context.email, last_intent: intent.kind };
  const plain = (messages: ChatBotMessage[]): Turn => ({
    messages,
    context: { ...base, flow: 'menu' },
    browse,
    action: null,
    params: {},
  });
  switch (intent.kind) {
    case 'menu':
      return plain([say(message.trim() ? 'menu' : 'greeting', { site }, { quick_replies: MENU_REPLIES })]);
    case 'unknown':
      return plain([say('unknown', undefined, { quick_replies: MENU_REPLIES })]);
    case 'pricing':
      return plain([await pricingMessage(deps)]);
    case 'seller_info':
      return plain([sellerInfoMessage(deps)]);
    case 'custom_chatbot':
      return {
        ...plain([say('lead_start')]),
        context: { ...base, flow: 'lead', step: 'name' },
      };
    case 'compare':
      return plain(await compareMessages(deps, intent.left, intent.right));
    case 'price_too_high':
      return plain([say('price_too_high', undefined, { quick_replies: ['pricing', 'products', 'main_menu'] })]);
    case 'products':
      return showProducts(deps, base, { query: { sort_by: 'created_at', sort_order: 'desc' }, page: 1 }, 'newest');
    case 'show_more':
      if (!browse) return plain([say('no_browse', undefined, { quick_replies: MENU_REPLIES })]);
      return showProducts(deps, base, { query: browse.query, page: browse.page + 1 }, 'more');
    case 'search':
      return searchProducts(deps, base, intent.query);
  }
}

/** Lists one page of a product query as cards, with a link to the same catalogue page. */
async function showProducts(
  deps: AppDeps,
  context: ChatContext,
  state: BrowseState,
  key: 'newest' | 'more' | 'search_results' | 'search_relaxed',
  values?: Record<string, string | number>,
): Promise<Turn> {
  const list = await fetchPage(deps, state);
  const hasMore = list.total > state.page * CHAT_PRODUCT_LIMIT;
  const turn: Turn = {
    messages: [],
    context: { ...context, flow: 'browse' },
    browse: state,
    action: 'show_products',
    params: productParams(state),
  };
  if (list.products.length === 0) {
    turn.messages =
      state.page === 1
        ? [say('no_results', { text: describe(state.query), ...queryValues(state.query) }, { quick_replies: MENU_REPLIES })]
        : [say('no_more', undefined, { quick_replies: ['pricing', 'main_menu'] })];
    return turn;
  }
  turn.messages = [
    say(key, values, {
      products: list.products.map(toCard),
      link: { href: catalogueHref(state.query), label: 'See these in the catalogue' },
      has_more: hasMore,
      quick_replies: listReplies(hasMore),
    }),
  ];
  return turn;
}

function fetchPage(deps: AppDeps, state: BrowseState) {
  return browseProducts(deps, { ...state.query, page: state.page, limit: CHAT_PRODUCT_LIMIT }, null);
}

/** Free-text search: when the words match nothing but other filters were given, drop the words and say so. */
async function searchProducts(deps: AppDeps, context: ChatContext, query: ProductSearch): Promise<Turn> {
  const state = { query, page: 1 };
  const first = await fetchPage(deps, state);
  if (first.total > 0) {
    return showProducts(deps, context, state, 'search_results', { summary: describe(query), ...queryValues(query) });
  }
  const { search, ...rest } = query;
  const hasOtherFilters = rest.category || rest.min_price !== undefined || rest.max_price !== undefined;
  if (search && hasOtherFilters) {
    const relaxed = { query: rest, page: 1 };
    if ((await fetchPage(deps, relaxed)).total > 0) {
      return showProducts(deps, context, relaxed, 'search_relaxed', {
        summary: describe(rest),
        ...queryValues(rest),
        search,
      });
    }
  }
  return {
    messages: [
      say('no_results', search ? { text: search } : { text: describe(query), ...queryValues(query) }, {
        quick_replies: MENU_REPLIES,
      }),
    ],
    context: { ...context, flow: 'menu' },
    browse: null,
    action: null,
    params: {},
  };
}

/**
 * The parts of a search as message values (`q_*`), so the storefront can word the summary in the
 * visitor's language; `describe` gives the English.
 */
function queryValues(query: ProductSearch): Record<string, string | number> {
  return {
    ...(query.category && { q_category: query.category }),
    ...(query.search && { q_search: query.search }),
    ...(query.min_price !== undefined && { q_min_usd: query.min_price }),
    ...(query.max_price !== undefined && { q_max_usd: query.max_price }),
    q_sort: `${query.sort_by}:${query.sort_order}`,
  };
}

/** 'datasets under $50 matching “finance”, cheapest first' */
export function describe(query: ProductSearch): string {
  const category = CATEGORIES.find((c) => c.slug === query.category);
  const parts = [category ? category.name : 'products'];
  if (query.search) parts.push(`matching “${query.search}”`);
  if (query.min_price !== undefined && query.max_price !== undefined)
    parts.push(`between ${usd(query.min_price)} and ${usd(query.max_price)}`);
  else if (query.max_price !== undefined) parts.push(`under ${usd(query.max_price)}`);
  else if (query.min_price !== undefined) parts.push(`from ${usd(query.min_price)}`);
  const order: Record<string, string> = {
    'price:asc': 'cheapest first',
    'price:desc': 'most expensive first',
    'rating:desc': 'best rated first',
    'popularity:desc': 'best selling first',
    'created_at:desc': 'newest first',
  };
  const sort = order[`${query.sort_by}:${query.sort_order}`];
  return `${parts.join(' ')}${sort ? `, ${sort}` : ''}`;
}

function productParams(state: BrowseState): ChatProductParams {
  const { query } = state;
  return {
    limit: CHAT_PRODUCT_LIMIT,
    sort_by: query.sort_by,
    sort_order: query.sort_order,
    page: state.page,
    ...(query.search && { search: query.search }),
    ...(query.category && { category: query.category }),
    ...(query.min_price !== undefined && { min_price: query.min_price }),
    ...(query.max_price !== undefined && { max_price: query.max_price }),
  };
}

/** The storefront's /products page with the same filters (its URL parameters are the API's). */
export function catalogueHref(query: ProductSearch): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.category) params.set('category', query.category);
  if (query.min_price !== undefined) params.set('min_price', String(query.min_price));
  if (query.max_price !== undefined) params.set('max_price', String(query.max_price));
  params.set('sort_by', query.sort_by);
  params.set('sort_order', query.sort_order);
  return `/products?${params}`;
}

async function pricingMessage(deps: AppDeps): Promise<ChatBotMessage> {
  const ranges = await priceRangesByCategory(deps.db);
  if (ranges.length === 0) return say('pricing_empty', undefined, { quick_replies: MENU_REPLIES });
  const rows = CATEGORIES.flatMap((category) => {
    const range = ranges.find((r) => r.category === category.slug);
    if (!range) return [];
    const span =
      range.minCents === range.maxCents
        ? usd(centsToDollars(range.minCents))
        : `${usd(centsToDollars(range.minCents))} – ${usd(centsToDollars(range.maxCents))}`;
    return [
      {
        label: category.name,
        value: `${span} · ${range.total} ${range.total === 1 ? 'product' : 'products'}`,
        kind: 'price_range' as const,
        data: {
          category: category.slug,
          min_usd: centsToDollars(range.minCents),
          max_usd: centsToDollars(range.maxCents),
          count: range.total,
        },
      },
    ];
  });
  return say('pricing', undefined, { rows, quick_replies: ['products', 'seller_info', 'main_menu'] });
}

/** Fees and payout shares as the order ledger applies them (PLATFORM_FEE_PERCENT and the 10% AI pool). */
function sellerInfoMessage(deps: AppDeps): ChatBotMessage {
  const pool = Math.round(AI_POOL_SHARE * 100);
  const fee = deps.config.platformFeePercent;
  const share = 100 - pool - fee;
  return say(
    'seller_info',
    { pool, fee, share },
    {
      rows: [
        { label: 'Platform fee', value: `${fee}%`, kind: 'platform_fee', data: { percent: fee } },
        { label: 'AI token pool', value: `${pool}%`, kind: 'ai_pool', data: { percent: pool } },
        { label: 'Your earnings', value: `${share}% of each sale`, kind: 'seller_share', data: { percent: share } },
        { label: 'Approval', value: 'Every new product is reviewed by an admin', kind: 'approval' },
      ],
      link: { href: '/seller', label: 'Open the seller area' },
      quick_replies: ['products', 'pricing', 'main_menu'],
    },
  );
}

/** Finds the best catalogue match for each side and lays the facts side by side. */
async function compareMessages(deps: AppDeps, left: string, right: string): Promise<ChatBotMessage[]> {
  const [a, b] = await Promise.all([bestMatch(deps, left), bestMatch(deps, right)]);
  const missing = !a ? left : !b ? right : null;
  if (missing || !a || !b) return [say('compare_missing', { text: missing ?? left }, { quick_replies: MENU_REPLIES })];
  if (a.id === b.id) return [say('compare_missing', { text: right }, { quick_replies: MENU_REPLIES })];
  const row = (label: string, kind: ChatRowKind, value: (p: PublicProduct) => string, data: ChatRow['data']) => ({
    label,
    value: `${value(a)} · ${value(b)}`,
    kind,
    data,
  });
  const rating = (p: PublicProduct) => (p.review_count > 0 ? `${p.rating.toFixed(1)} / 5 (${p.review_count})` : 'No reviews yet');
  return [
    say(
      'compare',
      { left: a.title, right: b.title },
      {
        rows: [
          row('Price', 'compare_price', (p) => usd(p.price), { a_usd: a.price, b_usd: b.price }),
          row('Rating', 'compare_rating', rating, {
            a_rating: a.rating,
            a_reviews: a.review_count,
            b_rating: b.rating,
            b_reviews: b.review_count,
          }),
          row('Category', 'compare_category', (p) => p.category, { a_category: a.category, b_category: b.category }),
          row('License', 'compare_license', (p) => p.license, { a_license: a.license, b_license: b.license }),
          row('Sales', 'compare_sales', (p) => String(p.sales_count), { a_sales: a.sales_count, b_sales: b.sales_count }),
        ],
        products: [toCard(a), toCard(b)],
        // The storefront's compare page: the same two side by side, with every field.
        link: { href: `/compare?ids=${a.id},${b.id}`, label: 'Compare side by side' },
        quick_replies: ['products', 'main_menu'],
      },
    ),
  ];
}

async function bestMatch(deps: AppDeps, text: string): Promise<PublicProduct | undefined> {
  const list = await browseProducts(deps, { search: text.slice(0, 200), limit: 1, page: 1 }, null);
  return list.products[0];
}

/** The custom-chatbot lead flow: name, then a valid e-mail, then the need; the last step stores the lead. */
function continueLead(message: string, context: ChatContext, browse: BrowseState | null): Turn {
  const text = message.trim();
  const stay = (messages: ChatBotMessage[], next: Partial<ChatContext> = {}): Turn => ({
    messages,
    context: { ...context, ...next, flow: 'lead', last_intent: 'custom_chatbot' },
    browse,
    action: null,
    params: {},
  });
  if (context.step === 'email') {
    const email = emailField().safeParse(text);
    if (!email.success) return stay([say('lead_email_invalid')]);
    return stay([say('lead_ask_need')], { email: email.data, step: 'need' });
  }
  if (context.step === 'need' && context.name && context.email) {
    if (text.length < 10) return stay([say('lead_need_invalid')]);
    const { name, email } = context;
    return {
      messages: [say('lead_saved', { name, email }, { quick_replies: MENU_REPLIES })],
      context: { ...MENU_CONTEXT, name, email, last_intent: 'custom_chatbot' },
      browse,
      action: null,
      params: {},
      lead: { name, email, need: text.slice(0, 2000) },
    };
  }
  const name = text.replace(/\s+/g, ' ');
  if (name.length < 2 || name.length > 100) return stay([say('lead_name_invalid')], { step: 'name' });
  return stay([say('lead_ask_email', { name })], { name, step: 'email' });
}

/** Leads for the admin console, newest first. */
export async function listLeads(deps: AppDeps, page: number, limit: number): Promise<ChatLeadList> {
  const { rows, total } = await listLeadsPage(deps.db, page, limit);
  return pagedList('leads', rows.map(presentLead), total, { page, limit });
}

function presentLead(row: ChatLeadRow): ChatLead {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    need: row.need,
    session_id: row.sessionId,
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
  };
}
