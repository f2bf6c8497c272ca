// The checkout, for the other ways of placing an order (guest checkout). Not re-exported by
// service.ts: the checkout reads the cart, whose service asks orders/service what a buyer owns.
export { assertBillingNotNeeded, checkout } from './checkout';
