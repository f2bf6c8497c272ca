import type { Language } from '@app/shared';
import type { Tx } from '../../db/client';
import { formatMailMoney, mailTexts } from '../../lib/mail-texts';
import { centsToDollars } from '../../lib/money';
import { languageOf } from '../users/service';
import { queueWebhookEventsInTx } from '../webhooks';
import { findSellersToAlert, insertSaleAlertsWithNotifications, type SaleAlertKind } from './repository';

/** Where an alert's notification and e-mail lead: the seller's dashboard with its sales. */
export const SALE_ALERT_LINK = '/seller';

/** A seller's lines of an order, as one phrase: 'Prompt Studio × 2, Data Pack'. */
export function productsPhrase(lines: { title: string; quantity: number }[]): string {
  return lines.map((line) => (line.quantity > 1 ? `${line.title} × ${line.quantity}` : line.title)).join(', ');
}

/** The title and message of an alert in one language (the same words in the notification and the e-mail). */
export function saleAlertWords(
  language: Language,
  alert: { kind: SaleAlertKind; orderNumber: string; products: string; amountCents: number },
) {
  const m = mailTexts(language).saleAlert;
  // A refund's entry is negative: the words say how much is taken back.
  const amount = formatMailMoney(language, centsToDollars(Math.abs(alert.amountCents)));
  return alert.kind === 'sale'
    ? { title: m.saleSubject(alert.products), message: m.saleMessage(alert.orderNumber, alert.products, amount) }
    : {
        title: m.refundSubject(alert.orderNumber, alert.products),
        message: m.refundMessage(alert.orderNumber, alert.products, amount),
      };
}

/**
 * Writes the sellers' alerts of an order just paid (kind sale) or refunded (kind refund), in the
 * caller's transaction, after its ledger entries: one per seller of the order (however many of
 * their lines it holds), with the seller's share read from the ledger, the in-app notification in
 * the seller's language, and the e-mail queued (or skipped when the seller turned sale e-mails
 * off). It exists only if the payment or refund commits; the row's key makes a replay a no-op.
 * Three statements whatever the number of sellers: one read, one write of alerts and
 * notifications, one of webhook events and deliveries. Answers whether it wrote webhook
 * deliveries (pass it to sendSaleAlerts after the commit, which then wakes the delivery runner).
 */
export async function queueSaleAlertsInTx(
  tx: Tx,
  order: { id: string; orderNumber: string },
  kind: SaleAlertKind,
): Promise<{ webhookDeliveries: boolean }> {
  const sellers = await findSellersToAlert(tx, order.id, kind);
  if (sellers.length === 0) return { webhookDeliveries: false };
  const fresh = await insertSaleAlertsWithNotifications(
    tx,
    { orderId: order.id, kind },
    sellers.map((seller) => {
      const words = saleAlertWords(languageOf(seller), {
        kind,
        orderNumber: order.orderNumber,
        products: productsPhrase(seller.lines),
        amountCents: seller.amountCents,
      });
      return {
        sellerId: seller.sellerId,
        amountCents: seller.amountCents,
        emailStatus: seller.emailsOff ? ('skipped' as const) : ('queued' as const),
        notification: {
          type: kind === 'sale' ? 'success' : 'info',
          title: words.title.slice(0, 250),
          message: words.message,
          link: SALE_ALERT_LINK,
        },
      };
    }),
  );
  // The sellers' webhooks hear of it in the same transaction (outbox; docs/decisions/0043).
  const type = kind === 'sale' ? 'sale.created' : 'refund.created';
  const deliveries = await queueWebhookEventsInTx(
    tx,
    sellers
      .filter((seller) => fresh.has(seller.sellerId))
      .map((seller) => ({
        sellerId: seller.sellerId,
        type,
        key: `${type}:${order.id}:${seller.sellerId}`,
        data: {
          order_id: order.id,
          order_number: order.orderNumber,
          amount: centsToDollars(seller.amountCents),
          currency: 'usd',
          items: seller.lines.map((line) => ({ title: line.title, quantity: line.quantity })),
        },
      })),
  );
  return { webhookDeliveries: deliveries > 0 };
}
