/** What other modules use of payments: settling a charge, releasing a payment claim, approving a refund. */
export { confirmPayment, releaseClaim, settleReadCharge } from './confirm';
export { approveRefund } from './refunds';
export { announcePayment, payOrderInTx, settleCharge } from './settle';
