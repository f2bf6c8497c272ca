export { AdminMessagesPage } from './admin-messages-page';
export { ContactPage } from './contact-page';
