// What other modules use of product updates: queueing one in their own transaction (a version's approval).
export { type QueuedProductUpdate, queueProductUpdate } from './queue';
