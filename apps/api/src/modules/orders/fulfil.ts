import { aiPoolShareCents, type Language, type SummaryLine, summaryLines } from '@app/shared';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { escapeHtml, formatMailDate, formatMailMoney, mailTexts } from '../../lib/mail-texts';
import { centsToDollars } from '../../lib/money';
import { affiliateCommissionCents } from '../affiliates/service';
import { downloadAllowancesOf } from '../downloads';
import { issueDownloadLinks } from '../downloads/service';
import { licenseKeysForReceipt } from '../licenses/service';
import { addSales } from '../products/repository';
import { findUserById, type UserRow } from '../users/repository';
import { languageOf } from '../users/service';
import type { OrderItemRow, OrderRow } from './present';
import { findOrder, insertLedgerEntries, itemsOfOrder, type NewLedgerEntry, recordPayment, saleEntriesOf } from './repository';

/** What the receipt of an order just paid needs, known to the transaction that paid it. */
export interface PaidOrder {
  order: OrderRow;
  items: OrderItemRow[];
  buyer: UserRow | undefined;
  /** False when the payment issued no licence key (the receipt then reads none). */
  licenseKeys?: boolean;
  /** The sale's alerts wrote webhook deliveries (the runner is woken after the commit). */
  webhookDeliveries?: boolean;
}

export interface Payment {
  intentId: string | null;
  platformFeePercent: number;
  /** The order's items when the caller has just read them. */
  items?: OrderItemRow[];
  /** What the order keeps of the card's country (tax module's cardCountryFields), when the provider said. */
  card?: { cardCountry: string; taxFlag?: 'card_country_mismatch' };
}

/**
 * Marks an open order paid, inside the caller's transaction with the order row locked: order
 * status (with the card's country), the ledger (sellers, AI pool, platform), sales counts, and the
 * bought items leave the cart, all in one statement.
 */
export async function markPaidInTx(tx: Tx, order: OrderRow, payment: Payment): Promise<PaidOrder> {
  const bought = payment.items ?? (await itemsOfOrder(tx, order.id));
  const units = new Map<string, number>();
  for (const item of bought) units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity);
  const buyer = await recordPayment(tx, {
    order,
    intentId: payment.intentId,
    card: payment.card,
    ledger: ledgerEntriesOf(order, bought, payment.platformFeePercent),
    sales: [...units].map(([productId, sold]) => ({ productId, units: sold })),
  });
  return { order, items: bought, buyer };
}

/**
 * Takes a refunded order's money back out of the ledger: every sale entry is written again
 * negated (once: a unique key guards it), and its sales leave the popularity counts.
 */
export async function reverseSaleInTx(tx: Tx, orderId: string): Promise<void> {
  const sale = await saleEntriesOf(tx, orderId);
  if (sale.length > 0) {
    await insertLedgerEntries(
      tx,
      sale.map((entry) => ({
        orderId,
        kind: entry.kind,
        reason: 'refund' as const,
        sellerId: entry.sellerId,
        amountCents: -entry.amountCents,
      })),
      true,
    );
  }
  const items = await itemsOfOrder(tx, orderId);
  for (const item of items) await addSales(tx, item.productId, -item.quantity);
}

/**
 * Order net (total − tax) = Σ seller earnings + AI pool (10%) + platform fee, exactly, in cents. A referred
 * order's commission is carved out of the platform fee (an `affiliate` entry owed to the referrer).
 */
export async function writeLedger(tx: DbOrTx, order: OrderRow, items: OrderItemRow[], platformFeePercent: number): Promise<void> {
  await insertLedgerEntries(tx, ledgerEntriesOf(order, items, platformFeePercent));
}

/**
 * The ledger entries writeLedger writes for an order: the split of its NET (total − tax). Tax is
 * owed to the tax authority, never seller revenue nor pool money (decision 0044); it stays on the order.
 */
function ledgerEntriesOf(order: OrderRow, items: OrderItemRow[], platformFeePercent: number): NewLedgerEntry[] {
  const net = order.totalCents - order.taxCents;
  const aiPool = aiPoolShareCents(net);
  const platform = Math.round((net * platformFeePercent) / 100);
  const commission = order.affiliateId ? affiliateCommissionCents(net, order.affiliateCommissionBps, platform) : 0;
  const forSellers = net - aiPool - platform;
  const bySeller = new Map<string, number>();
  // A seller's own code comes out of that seller's share alone: their weight is what their lines sold for after it (decision 0045).
  for (const item of items) {
    const sold = item.unitPriceCents * item.quantity - (item.sellerDiscountCents ?? 0);
    bySeller.set(item.sellerId, (bySeller.get(item.sellerId) ?? 0) + sold);
  }
  const shares = splitProportionally(forSellers, [...bySeller.values()]);
  return [
    { orderId: order.id, kind: 'ai_pool' as const, sellerId: null, amountCents: aiPool },
    { orderId: order.id, kind: 'platform' as const, sellerId: null, amountCents: platform - commission },
    ...(commission > 0
      ? [{ orderId: order.id, kind: 'affiliate' as const, sellerId: order.affiliateId, amountCents: commission }]
      : []),
    ...[...bySeller.keys()].map((sellerId, index) => ({
      orderId: order.id,
      kind: 'seller' as const,
      sellerId,
      amountCents: shares[index] ?? 0,
    })),
  ];
}

/** Splits an amount in proportion to weights with the largest-remainder rule, so the parts sum exactly. */
export function splitProportionally(amount: number, weights: number[]): number[] {
  const totalWeight = weights.reduce((sum, w) => sum + w, 0);
  if (totalWeight === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (amount * w) / totalWeight);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((sum, p) => sum + p, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/**
 * E-mails the receipt with fresh download links, in the buyer's language. `paid` is what the
 * transaction that just paid the order read (nothing is read again); without it the order must be paid now.
 */
export async function sendReceipt(deps: AppDeps, orderId: string, paid?: PaidOrder): Promise<void> {
  const order = paid ? paid.order : await findOrder(deps.db, orderId);
  if (!paid && order?.paymentStatus !== 'paid') return;
  if (!order) return;
  const user = paid ? paid.buyer : await findUserById(deps.db, order.userId);
  if (!user) return;
  const items = paid ? paid.items : await itemsOfOrder(deps.db, order.id);
  const issued = await issueDownloadLinks(deps, order);
  const { expiresAt } = issued;
  // A product with a download limit gets no file link in the e-mail: mail security scanners open
  // links, and each opening would use up one of the buyer's downloads. The orders page instead.
  const allowances = await downloadAllowancesOf(
    deps,
    items.map((item) => item.id),
  );
  const limited = items.filter((item) => allowances.has(item.id));
  const limitedIds = new Set(limited.map((item) => item.productId));
  const links = issued.links.filter((link) => !limitedIds.has(link.product_id));
  const ordersUrl = `${deps.config.publicUrl}/orders`;
  const keys = paid?.licenseKeys === false ? [] : await licenseKeysForReceipt(deps, order.id);
  const language = languageOf(user);
  const m = mailTexts(language);
  const money = (cents: number) => formatMailMoney(language, centsToDollars(cents));
  const until = formatMailDate(language, expiresAt);
  // The same rows as the cart, checkout and order pages (one computation in packages/shared).
  const summary = summaryLines({
    subtotalCents: order.subtotalCents,
    promoCode: order.promoCode,
    promoCents: order.discountCents,
    totalCents: order.totalCents,
    tax: order.taxCountry
      ? { cents: order.taxCents, label: order.taxLabel ?? '', rateBps: order.taxRateBps, country: order.taxCountry }
      : null,
  }).map((line) => ({ line, label: summaryLabel(m, line, language), amount: summaryAmount(line, money) }));
  const lines = items.map((item) => `- ${item.productTitle} × ${item.quantity}: ${money(item.unitPriceCents * item.quantity)}`);
  const downloads = [
    ...links.map((link) => `- ${link.product_title} / ${link.file_name}: ${deps.config.publicUrl}${link.url}`),
    ...limited.map(
      (item) => `- ${m.receipt.limitedDownloads(item.productTitle, allowances.get(item.id)?.limit ?? 0, ordersUrl)}`,
    ),
  ];
  await deps.mailer.send({
    kind: 'receipt',
    to: user.email,
    subject: m.receipt.subject(order.orderNumber),
    text: [
      m.hi(user.firstName),
      '',
      m.receipt.thanks(order.orderNumber),
      '',
      ...lines,
      ...summary.map(({ label, amount }) => `${label}: ${amount}`),
      '',
      m.receipt.downloads(until),
      ...downloads,
      ...(keys.length > 0 ? ['', m.receipt.licenseKeys, ...keys.map((k) => `- ${k.productTitle}: ${k.key}`)] : []),
      '',
      m.receipt.newLinks(ordersUrl),
    ].join('\n'),
    html: `<p>${m.hi(escapeHtml(user.firstName))}</p><p>${m.receipt.thanks(`<strong>${order.orderNumber}</strong>`)}</p><ul>${items
      .map(
        (item) => `<li>${escapeHtml(item.productTitle)} × ${item.quantity}: ${money(item.unitPriceCents * item.quantity)}</li>`,
      )
      .join('')}</ul><table>${summary
      .map(({ line, label, amount }) => {
        const cell = line.kind === 'total' ? `<strong>${amount}</strong>` : amount;
        return `<tr><td>${escapeHtml(label)}</td><td style="text-align:right">${cell}</td></tr>`;
      })
      .join('')}</table><p>${m.receipt.downloadsHeading(until)}</p><ul>${links
      .map(
        (link) =>
          `<li><a href="${deps.config.publicUrl}${link.url}">${escapeHtml(link.product_title)}: ${escapeHtml(link.file_name)}</a></li>`,
      )
      .join('')}${limited
      .map(
        (item) =>
          `<li>${escapeHtml(m.receipt.limitedDownloads(item.productTitle, allowances.get(item.id)?.limit ?? 0, ordersUrl)).replace(escapeHtml(ordersUrl), `<a href="${ordersUrl}">${escapeHtml(ordersUrl)}</a>`)}</li>`,
      )
      .join('')}</ul>${licenseKeysHtml(m, keys)}`,
  });
}

/** The order's licence keys as an HTML list (nothing when it has none). */
function licenseKeysHtml(m: ReturnType<typeof mailTexts>, keys: { productTitle: string; key: string }[]): string {
  if (keys.length === 0) return '';
  const items = keys.map((k) => `<li>${escapeHtml(k.productTitle)}: <code>${escapeHtml(k.key)}</code></li>`).join('');
  return `<p>${escapeHtml(m.receipt.licenseKeys)}</p><ul>${items}</ul>`;
}

/** A summary row's label in the recipient's language. */
function summaryLabel(m: ReturnType<typeof mailTexts>, line: SummaryLine, language: Language): string {
  if (line.kind === 'subtotal') return m.receipt.subtotal;
  if (line.kind === 'discount') return m.receipt.discount(line.code);
  if (line.kind === 'net') return m.receipt.net;
  if (line.kind === 'tax') {
    const rate = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(line.rateBps / 10_000);
    return m.receipt.tax(line.label || m.receipt.taxLabel, rate, line.country);
  }
  return m.receipt.total;
}

/** A discount is written as an amount taken off. */
function summaryAmount(line: SummaryLine, money: (cents: number) => string): string {
  return line.kind === 'discount' && line.cents > 0 ? `−${money(line.cents)}` : money(line.cents);
}
