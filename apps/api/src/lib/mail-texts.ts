import { formatMessage, type Language, type MessageId, type MessageValues } from '@app/shared';

/**
 * Every e-mail and server-made notification text, in the six storefront languages (spec §3), as a
 * typed view of the shared message catalogue (packages/shared/src/messages, the `mail.*` ids):
 * the texts live there, beside the API's messages, and are rendered with the same
 * `{{placeholder}}` format the storefront's i18next reads. The recipient's stored language picks
 * the set (see users/preferences.ts `languageOf`); values people typed (names, titles, reasons)
 * are passed in as they are. Callers escape values for HTML before passing them to a template
 * used in an HTML body.
 */
export interface MailTexts {
  hi: (name: string) => string;
  reset: {
    subject: string;
    intro: string;
    open: (hours: number) => string;
    linkLabel: string;
    linkNote: (hours: number) => string;
    ignore: string;
  };
  receipt: {
    subject: (order: string) => string;
    thanks: (order: string) => string;
    subtotal: string;
    /** The promo discount row, naming the code. */
    discount: (code: string) => string;
    total: string;
    /** The net after discounts, when tax is charged on it (decision 0044). */
    net: string;
    /** The tax row: its label (VAT), the rate as a percent text, the billing country. */
    tax: (label: string, rate: string, country: string) => string;
    /** The tax row's label when the country has no rate of its own. */
    taxLabel: string;
    downloads: (until: string) => string;
    downloadsHeading: (until: string) => string;
    newLinks: (url: string) => string;
    /** Heading of the licence keys of the order's products (issue 24). */
    licenseKeys: string;
    /** A product with a download limit: no file link in the e-mail, the orders page instead. */
    limitedDownloads: (product: string, count: number, url: string) => string;
  };
  newsletter: {
    alreadySubject: string;
    alreadyLines: [string, string];
    confirmSubject: string;
    confirmLines: [string, string];
    confirmAction: string;
    unsubscribe: string;
  };
  notifications: {
    threadReply: { title: string; message: (name: string, thread: string) => string };
    refundDeclined: { title: (order: string) => string };
    refundApproved: { title: (order: string) => string; message: string };
    productApproved: { title: (product: string) => string; message: string };
    productRejected: { title: (product: string) => string; message: (reason: string) => string; noReason: string };
  };
  contact: {
    subject: (subject: string) => string;
    wrote: (sender: string, site: string) => string;
    reply: (name: string, inbox: string) => string;
    replyShort: string;
    allMessages: string;
  };
  /** An update to a product's past buyers (modules/product-updates): a seller's note or a new version. */
  productUpdate: {
    subject: (product: string, title: string) => string;
    introNote: (product: string) => string;
    introVersion: (product: string) => string;
    openProduct: string;
    downloadVersion: string;
    why: (product: string) => string;
    unsubscribe: string;
    manage: string;
    notificationNote: string;
    notificationVersion: string;
  };
  /** "You made a sale" (modules/sale-alerts): a seller's alert of a sale or a refund of their products. */
  saleAlert: {
    saleSubject: (products: string) => string;
    refundSubject: (order: string, products: string) => string;
    saleMessage: (order: string, products: string, amount: string) => string;
    refundMessage: (order: string, products: string, amount: string) => string;
    open: string;
    why: string;
    manage: string;
  };
  /** The admins' lead digest: one or more leads per e-mail (`first` names the first one). */
  lead: {
    subject: (count: number, first: string) => string;
    intro: (site: string, count: number) => string;
    more: (count: number) => string;
    name: string;
    email: string;
    need: string;
    allLeads: string;
  };
}

/** The texts for one language. */
export function mailTexts(language: Language): MailTexts {
  const text = (id: MessageId & `mail.${string}`, values?: MessageValues) => formatMessage(language, id, values);
  return {
    hi: (name) => text('mail.hi', { name }),
    reset: {
      subject: text('mail.reset.subject'),
      intro: text('mail.reset.intro'),
      open: (hours) => text('mail.reset.open', { hours }),
      linkLabel: text('mail.reset.linkLabel'),
      linkNote: (hours) => text('mail.reset.linkNote', { hours }),
      ignore: text('mail.reset.ignore'),
    },
    receipt: {
      subject: (order) => text('mail.receipt.subject', { order }),
      thanks: (order) => text('mail.receipt.thanks', { order }),
      subtotal: text('mail.receipt.subtotal'),
      discount: (code) => text('mail.receipt.discount', { code }),
      total: text('mail.receipt.total'),
      net: text('mail.receipt.net'),
      tax: (label, rate, country) => text('mail.receipt.tax', { label, rate, country }),
      taxLabel: text('mail.receipt.taxLabel'),
      downloads: (until) => text('mail.receipt.downloads', { until }),
      downloadsHeading: (until) => text('mail.receipt.downloadsHeading', { until }),
      newLinks: (url) => text('mail.receipt.newLinks', { url }),
      licenseKeys: text('mail.receipt.licenseKeys'),
      limitedDownloads: (product, count, url) => text('mail.receipt.limitedDownloads', { product, count, url }),
    },
    newsletter: {
      alreadySubject: text('mail.newsletter.alreadySubject'),
      alreadyLines: [text('mail.newsletter.alreadyLine1'), text('mail.newsletter.alreadyLine2')],
      confirmSubject: text('mail.newsletter.confirmSubject'),
      confirmLines: [text('mail.newsletter.confirmLine1'), text('mail.newsletter.confirmLine2')],
      confirmAction: text('mail.newsletter.confirmAction'),
      unsubscribe: text('mail.newsletter.unsubscribe'),
    },
    notifications: {
      threadReply: {
        title: text('mail.notifications.threadReply.title'),
        message: (name, thread) => text('mail.notifications.threadReply.message', { name, thread }),
      },
      refundDeclined: { title: (order) => text('mail.notifications.refundDeclined.title', { order }) },
      refundApproved: {
        title: (order) => text('mail.notifications.refundApproved.title', { order }),
        message: text('mail.notifications.refundApproved.message'),
      },
      productApproved: {
        title: (product) => text('mail.notifications.productApproved.title', { product }),
        message: text('mail.notifications.productApproved.message'),
      },
      productRejected: {
        title: (product) => text('mail.notifications.productRejected.title', { product }),
        message: (reason) => text('mail.notifications.productRejected.message', { reason }),
        noReason: text('mail.notifications.productRejected.noReason'),
      },
    },
    contact: {
      subject: (subject) => text('mail.contact.subject', { subject }),
      wrote: (sender, site) => text('mail.contact.wrote', { sender, site }),
      reply: (name, inbox) => text('mail.contact.reply', { name, inbox }),
      replyShort: text('mail.contact.replyShort'),
      allMessages: text('mail.contact.allMessages'),
    },
    productUpdate: {
      subject: (product, title) => text('mail.productUpdate.subject', { product, title }),
      introNote: (product) => text('mail.productUpdate.introNote', { product }),
      introVersion: (product) => text('mail.productUpdate.introVersion', { product }),
      openProduct: text('mail.productUpdate.openProduct'),
      downloadVersion: text('mail.productUpdate.downloadVersion'),
      why: (product) => text('mail.productUpdate.why', { product }),
      unsubscribe: text('mail.productUpdate.unsubscribe'),
      manage: text('mail.productUpdate.manage'),
      notificationNote: text('mail.productUpdate.notificationNote'),
      notificationVersion: text('mail.productUpdate.notificationVersion'),
    },
    saleAlert: {
      saleSubject: (products) => text('mail.saleAlert.saleSubject', { products }),
      refundSubject: (order, products) => text('mail.saleAlert.refundSubject', { order, products }),
      saleMessage: (order, products, amount) => text('mail.saleAlert.saleMessage', { order, products, amount }),
      refundMessage: (order, products, amount) => text('mail.saleAlert.refundMessage', { order, products, amount }),
      open: text('mail.saleAlert.open'),
      why: text('mail.saleAlert.why'),
      manage: text('mail.saleAlert.manage'),
    },
    // One lead is named in the subject and told apart in the intro: two messages, not plural forms
    // (in Chinese and Japanese, which have no singular form, the texts differ too).
    lead: {
      subject: (count, first) =>
        count === 1 ? text('mail.lead.subjectOne', { first }) : text('mail.lead.subjectMany', { count }),
      intro: (site, count) => (count === 1 ? text('mail.lead.introOne', { site }) : text('mail.lead.introMany', { site, count })),
      more: (count) => text('mail.lead.more', { count }),
      name: text('mail.lead.name'),
      email: text('mail.lead.email'),
      need: text('mail.lead.need'),
      allLeads: text('mail.lead.allLeads'),
    },
  };
}

/** The `Intl` locale for each language (prices stay USD in every one). */
export const INTL_LOCALE: Record<Language, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  zh: 'zh-CN',
  ja: 'ja-JP',
};

/** A USD amount as the recipient reads it: '$12.00 USD' in English, '12,00 USD' in German. */
export function formatMailMoney(language: Language, dollars: number): string {
  if (language === 'en') {
    return `${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars)} USD`;
  }
  return new Intl.NumberFormat(INTL_LOCALE[language], { style: 'currency', currency: 'USD', currencyDisplay: 'code' }).format(
    dollars,
  );
}

/** A moment in UTC, written the recipient's way. */
export function formatMailDate(language: Language, date: Date): string {
  return (
    new Intl.DateTimeFormat(INTL_LOCALE[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date) +
    ' UTC'
  );
}

/** Escapes a value for an HTML e-mail body. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
