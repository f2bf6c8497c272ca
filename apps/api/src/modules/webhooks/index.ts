// What other modules use of the sellers' webhooks: writing an event in the transaction of what happened, and delivering it soon after the commit.
export { deliverAfterReply, queueWebhookEventsInTx, type WebhookEvent } from './service';
