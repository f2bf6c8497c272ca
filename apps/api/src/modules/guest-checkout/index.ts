// What other modules use of guest checkout: the links and e-mails after a payment or a sign-up.
export { orderToken, sendClaimLinkForSignUp, sendGuestOrderMail } from './mail';
