// A bounded mix of what the shop's users do, sent through the load balancer for a fixed time:
// browsing, searching, signing in, checkout with card payment, order downloads and seller uploads.
// Every request is recorded (time, kind, status, latency); money and uploads the clients saw are
// kept for the drill to check against the books.
import { createHash, randomBytes } from 'node:crypto';

export type Kind = 'browse' | 'search' | 'sign-in' | 'checkout' | 'pay' | 'download' | 'upload' | 'session';

export interface Sample {
  /** ms since the load started */
  at: number;
  kind: Kind;
  /** 0: no answer (connection refused or reset) */
  status: number;
  ms: number;
}

export interface Session {
  email: string;
  token: string;
  /** The refresh cookie (name=value) from the sign-in. */
  cookie: string;
}

export interface LoadResult {
  samples: Sample[];
  /** Orders whose payment the buyer's client saw answered 'paid', with when (ms since the start). */
  paidSeen: Map<string, number>;
  /** Every order a buyer checked out, with the buyer (its payment may be answered, lost with an instance, or retried). */
  ordersPlaced: Map<string, Session>;
  /** Uploads answered 201: the product, the bytes sent, and when the answer came (ms since the start). */
  uploads: { productId: string; fileName: string; size: number; sha256: string; at: number }[];
  /** Uploads that got no answer or an error status (each must have left either everything or nothing). */
  uploadsUnanswered: number;
  /** Authenticated requests answered 401 although the session was valid. */
  lostSessions: number;
  downloadedBytes: number;
  /** Payments sent again after no answer or a 5xx (an instance died with them): the last answer. */
  payRetries: Map<string, string>;
  /** Answers whose body broke off or could not be decoded (request, status, encoding, error). */
  brokenBodies: string[];
}

export interface LoadPlan {
  base: string;
  seconds: number;
  buyers: Session[];
  seller: Session;
  /** Accounts the sign-in visitors use (e-mail and password). */
  accounts: { email: string; password: string }[];
  productIds: string[];
  words: string[];
  /** Called once per second with the seconds elapsed (the drill kills and restarts instances from here). */
  onSecond?: (second: number) => void | Promise<void>;
}

const THINK_MS = 50;
const USERS = { browse: 6, search: 3, signIn: 2 };
const card = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const started = Date.now();
  const endAt = started + plan.seconds * 1000;
  const result: LoadResult = {
    samples: [],
    paidSeen: new Map(),
    ordersPlaced: new Map(),
    uploads: [],
    uploadsUnanswered: 0,
    lostSessions: 0,
    downloadedBytes: 0,
    brokenBodies: [],
    payRetries: new Map(),
  };
  const running = () => Date.now() < endAt;

  /** One request through the balancer, recorded; the body read in full (downloads counted, not kept). */
  async function send(kind: Kind, path: string, init: RequestInit & { session?: Session } = {}) {
    const headers = new Headers(init.headers);
    if (init.session) headers.set('authorization', `Bearer ${init.session.token}`);
    const t0 = performance.now();
    let status = 0;
    let json: unknown;
    let bytes = 0;
    let setCookie: string | null = null;
    let response: Response | undefined;
    try {
      response = await fetch(`${plan.base}${path}`, { ...init, headers, redirect: 'manual' });
      status = response.status;
      setCookie = response.headers.get('set-cookie');
      if ((response.headers.get('content-type') ?? '').includes('json')) json = await response.json();
      else for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).length;
    } catch (error) {
      // An answer that started but whose body broke off or could not be decoded counts as none.
      if (response) {
        result.brokenBodies.push(
          `${init.method ?? 'GET'} ${path} → ${response.status} ${response.headers.get('content-encoding') ?? 'identity'}: ${String((error as Error).cause ?? error)}`,
        );
      }
      status = 0;
    }
    result.samples.push({ at: Date.now() - started, kind, status, ms: performance.now() - t0 });
    if (status === 401 && init.session) result.lostSessions += 1;
    return { status, json: json as Record<string, unknown> | undefined, bytes, setCookie };
  }
  const postJson = (kind: Kind, path: string, body: unknown, session?: Session) =>
    send(kind, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), session });

  const sorts = ['created_at', 'price', 'rating', 'popularity'];
  async function browser() {
    while (running()) {
      const roll = Math.random();
      if (roll < 0.45) await send('browse', `/api/v1/products?page=${1 + Math.floor(Math.random() * 5)}&sort_by=${pick(sorts)}`);
      else if (roll < 0.85) await send('browse', `/api/v1/products/${pick(plan.productIds)}`);
      else await send('browse', `/products/${pick(plan.productIds)}`);
      await sleep(THINK_MS);
    }
  }

  async function searcher() {
    while (running()) {
      await send('search', `/api/v1/products?search=${encodeURIComponent(pick(plan.words))}`);
      await sleep(THINK_MS);
    }
  }

  async function signer() {
    while (running()) {
      const account = pick(plan.accounts);
      const login = await postJson('sign-in', '/api/v1/auth/login', account);
      const token = login.json?.access_token;
      if (typeof token === 'string') await send('sign-in', '/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
      await sleep(THINK_MS);
    }
  }

  /** Pays an order as a browser would: on no answer (the instance died) it tries again with the same intent. */
  async function pay(session: Session, orderId: string, intent: string) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (attempt > 0) result.payRetries.set(orderId, 'no answer');
      const paid = await postJson('pay', `/api/v1/payments/confirm-payment/${intent}`, card, session);
      if (attempt > 0)
        result.payRetries.set(orderId, `${paid.status} ${String(paid.json?.payment_status ?? paid.json?.message ?? '')}`);
      if (paid.status === 200 && paid.json?.payment_status === 'paid') {
        result.paidSeen.set(orderId, Date.now() - started);
        return true;
      }
      if (paid.status !== 0 && paid.status < 500) return false;
      await sleep(1000);
    }
    return false;
  }

  async function buyer(session: Session, index: number) {
    for (let i = 0; running(); i += 1) {
      const product = plan.productIds[(index * 13 + i) % plan.productIds.length];
      const added = await postJson(
        'checkout',
        '/api/v1/cart/add',
        { product_id: product, quantity: 1, buy_again: true },
        session,
      );
      if (added.status !== 200) {
        await sleep(THINK_MS);
        continue;
      }
      const checkout = await postJson('checkout', '/api/v1/orders/checkout', { billing_country: 'US' }, session);
      const orderId = checkout.json?.order_id;
      const intent = checkout.json?.payment_intent_id;
      if (checkout.status === 201 && typeof orderId === 'string' && typeof intent === 'string') {
        result.ordersPlaced.set(orderId, session);
        if (await pay(session, orderId, intent)) {
          const zip = await send('download', `/api/v1/orders/${orderId}/download-zip`, { session });
          result.downloadedBytes += zip.bytes;
        }
      }
      await sleep(THINK_MS);
    }
  }

  async function seller(session: Session) {
    for (let i = 0; running(); i += 1) {
      const bytes = randomBytes((256 + Math.floor(Math.random() * 1792)) * 1024);
      const fileName = `drill-model-${i}.bin`;
      const form = new FormData();
      form.set('title', `Drill upload ${i} ${Date.now()}`);
      form.set('description', 'A file uploaded during the fleet drill.');
      form.set('price', '4.00');
      form.set('category', 'datasets');
      form.append('files', new Blob([bytes]), fileName);
      const answer = await send('upload', '/api/v1/seller/products', { method: 'POST', body: form, session });
      const productId = (answer.json?.product as { id?: string } | undefined)?.id;
      if (answer.status === 201 && productId)
        result.uploads.push({
          productId,
          fileName,
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          at: Date.now() - started,
        });
      else result.uploadsUnanswered += 1;
      await sleep(THINK_MS * 4);
    }
  }

  const ticker = (async () => {
    for (let second = 1; running(); second += 1) {
      await sleep(Math.max(0, started + second * 1000 - Date.now()));
      await plan.onSecond?.(second);
    }
  })();
  await Promise.all([
    ...Array.from({ length: USERS.browse }, () => browser()),
    ...Array.from({ length: USERS.search }, () => searcher()),
    ...Array.from({ length: USERS.signIn }, () => signer()),
    ...plan.buyers.map((session, index) => buyer(session, index)),
    seller(plan.seller),
    ticker,
  ]);
  return result;
}

const BUYERS = 4;
const BUYER_PASSWORD = 'Drill-buyer-2026';

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

/** Product ids and title words from the public catalogue, and signed-in buyers (new accounts), the demo seller and admin. */
export async function preparePeople(base: string) {
  const productIds: string[] = [];
  const words = new Set<string>();
  for (let page = 1; page <= 3; page += 1) {
    const listing = await json(await fetch(`${base}/api/v1/products?page=${page}&limit=100`));
    for (const product of listing.products as { id: string; title: string }[]) {
      productIds.push(product.id);
      for (const word of product.title.toLowerCase().match(/[a-z]{4,}/g) ?? []) words.add(word);
    }
  }
  const buyers: Session[] = [];
  const accounts: { email: string; password: string }[] = [];
  for (let i = 0; i < BUYERS; i += 1) {
    const email = `drill.buyer.${i}.${Date.now()}@example.org`;
    const registered = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Drill', last_name: `Buyer ${i}`, email, password: BUYER_PASSWORD }),
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
    buyers.push(await signIn(base, email, BUYER_PASSWORD));
    accounts.push({ email, password: BUYER_PASSWORD });
  }
  const seller = await signIn(base, 'seller@example.com', 'Seller-demo-2026');
  const admin = await signIn(base, 'admin@example.com', 'Admin-demo-2026');
  return { productIds, words: [...words], buyers, accounts, seller, admin };
}

/** Signs in through the balancer: the access token and the refresh cookie, as a browser keeps them. */
export async function signIn(base: string, email: string, password: string): Promise<Session> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string };
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { email, token: body.access_token, cookie };
}

/** True when the session's refresh cookie still trades for a new access token (any instance may answer). */
export async function sessionAlive(base: string, session: Session): Promise<boolean> {
  const response = await fetch(`${base}/api/v1/auth/refresh`, {
    method: 'POST',
    headers: { cookie: session.cookie, origin: base },
  });
  return response.status === 200;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number);

/** Requests per status in each 5-second window. */
export function statusTable(samples: Sample[], seconds: number): string[] {
  const lines: string[] = [];
  for (let from = 0; from < seconds; from += 5) {
    const window = samples.filter((s) => s.at >= from * 1000 && s.at < (from + 5) * 1000);
    const byStatus = new Map<number, number>();
    for (const s of window) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
    const statuses = [...byStatus]
      .sort((a, b) => a[0] - b[0])
      .map(([status, n]) => `${status === 0 ? 'no answer' : status} ×${n}`)
      .join(', ');
    const errors = window.filter((s) => s.status === 0 || s.status >= 500);
    const errorKinds = [...new Set(errors.map((s) => s.kind))]
      .map((kind) => `${kind} ×${errors.filter((s) => s.kind === kind).length}`)
      .join(', ');
    const sorted = window.map((s) => s.ms).sort((a, b) => a - b);
    lines.push(
      `${String(from).padStart(2)}–${String(from + 5).padStart(2)} s: ${String(window.length).padStart(5)} requests, ` +
        `p50 ${percentile(sorted, 50).toFixed(0)} / p99 ${percentile(sorted, 99).toFixed(0)} ms, ` +
        `${errors.length} errors${errorKinds ? ` (${errorKinds})` : ''}; ${statuses}`,
    );
  }
  return lines;
}

/** p50 and p99 per phase, all kinds together and per kind. */
export function phaseTable(samples: Sample[], phases: [string, number, number][]): string[] {
  const kinds = [...new Set(samples.map((s) => s.kind))].sort();
  return phases.map(([name, from, to]) => {
    const inPhase = samples.filter((s) => s.at >= from * 1000 && s.at < to * 1000);
    const figures = (subset: Sample[]) => {
      const sorted = subset.map((s) => s.ms).sort((a, b) => a - b);
      return `p50 ${percentile(sorted, 50).toFixed(1)} / p99 ${percentile(sorted, 99).toFixed(1)} ms`;
    };
    const perKind = kinds.map((kind) => `${kind} ${figures(inPhase.filter((s) => s.kind === kind))}`).join('; ');
    return `${name} (${from}–${to} s): ${inPhase.length} requests, ${(inPhase.length / (to - from)).toFixed(0)} req/s, all ${figures(inPhase)} — ${perKind}`;
  });
}
