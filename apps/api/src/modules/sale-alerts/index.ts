// What other modules use of sale alerts: writing them in the transaction that pays or refunds an order, and sending them after it.
export { queueSaleAlertsInTx } from './queue';
export { sendSaleAlerts } from './send';
