import type { Language } from '@app/shared';

/**
 * Every e-mail and server-made notification text, in the six storefront languages (spec §3).
 * The recipient's stored language picks the set (see users/preferences.ts `languageOf`);
 * values people typed (names, titles, reasons) are passed in as they are. Callers escape
 * values for HTML before passing them to a template used in an HTML body.
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
    downloads: (until: string) => string;
    downloadsHeading: (until: string) => string;
    newLinks: (url: string) => string;
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

const en: MailTexts = {
  hi: (name) => `Hi ${name},`,
  reset: {
    subject: 'Reset your password',
    intro: 'We received a request to reset the password of your AI Marketplace account.',
    open: (hours) => `Open this link to choose a new password (it expires in ${hours} hours and works once):`,
    linkLabel: 'Choose a new password',
    linkNote: (hours) => `(the link expires in ${hours} hours and works once).`,
    ignore: 'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
  },
  receipt: {
    subject: (order) => `Your receipt for order ${order}`,
    thanks: (order) => `Thank you for your purchase. Order ${order} is paid.`,
    subtotal: 'Subtotal',
    discount: (code) => `Discount (${code})`,
    total: 'Total',
    downloads: (until) => `Download your files (links valid until ${until}):`,
    downloadsHeading: (until) => `Downloads (valid until ${until}):`,
    newLinks: (url) => `You can always get new links from ${url}`,
  },
  newsletter: {
    alreadySubject: 'You are already subscribed',
    alreadyLines: [
      'Someone (hopefully you) asked to subscribe this address to our newsletter.',
      'It is already subscribed, so nothing has changed.',
    ],
    confirmSubject: 'Please confirm your newsletter subscription',
    confirmLines: [
      'Thanks for signing up for our newsletter.',
      'Please confirm your address with the link below. If you did not sign up, ignore this e-mail.',
    ],
    confirmAction: 'Confirm subscription',
    unsubscribe: 'Unsubscribe',
  },
  notifications: {
    threadReply: { title: 'New reply to your thread', message: (name, thread) => `${name} replied to "${thread}".` },
    refundDeclined: { title: (order) => `Refund for ${order} declined` },
    refundApproved: {
      title: (order) => `Refund for ${order} approved`,
      message: 'Your refund is on its way to your original payment method (5-10 business days).',
    },
    productApproved: {
      title: (product) => `"${product}" is live`,
      message: 'Your product was approved and is now visible in the marketplace.',
    },
    productRejected: {
      title: (product) => `"${product}" was not approved`,
      message: (reason) => `Your product was rejected. Reason: ${reason}. Edit it and submit it again.`,
      noReason: 'not given',
    },
  },
  contact: {
    subject: (subject) => `Contact form: ${subject}`,
    wrote: (sender, site) => `${sender} wrote through the ${site} contact form:`,
    reply: (name, inbox) => `Reply to this e-mail to answer ${name}. All messages: ${inbox}`,
    replyShort: 'Reply to this e-mail to answer.',
    allMessages: 'All messages',
  },
  lead: {
    subject: (count, first) => (count === 1 ? `New custom chatbot lead: ${first}` : `${count} new custom chatbot leads`),
    intro: (site, count) =>
      count === 1
        ? `A visitor asked the ${site} assistant for a custom chatbot.`
        : `${count} visitors asked the ${site} assistant for a custom chatbot.`,
    more: (count) => `…and ${count} more.`,
    name: 'Name',
    email: 'E-mail',
    need: 'Need',
    allLeads: 'All leads',
  },
};

const es: MailTexts = {
  hi: (name) => `Hola, ${name}:`,
  reset: {
    subject: 'Restablece tu contraseña',
    intro: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de AI Marketplace.',
    open: (hours) => `Abre este enlace para elegir una nueva contraseña (caduca en ${hours} horas y solo funciona una vez):`,
    linkLabel: 'Elegir una nueva contraseña',
    linkNote: (hours) => `(el enlace caduca en ${hours} horas y solo funciona una vez).`,
    ignore: 'Si no lo has solicitado, puedes ignorar este correo: tu contraseña no cambiará.',
  },
  receipt: {
    subject: (order) => `Tu recibo del pedido ${order}`,
    thanks: (order) => `Gracias por tu compra. El pedido ${order} está pagado.`,
    subtotal: 'Subtotal',
    discount: (code) => `Descuento (${code})`,
    total: 'Total',
    downloads: (until) => `Descarga tus archivos (enlaces válidos hasta el ${until}):`,
    downloadsHeading: (until) => `Descargas (válidas hasta el ${until}):`,
    newLinks: (url) => `Siempre puedes obtener enlaces nuevos en ${url}`,
  },
  newsletter: {
    alreadySubject: 'Ya estás suscrito',
    alreadyLines: [
      'Alguien (esperamos que tú) ha pedido suscribir esta dirección a nuestro boletín.',
      'Ya estaba suscrita, así que no ha cambiado nada.',
    ],
    confirmSubject: 'Confirma tu suscripción al boletín',
    confirmLines: [
      'Gracias por suscribirte a nuestro boletín.',
      'Confirma tu dirección con el enlace de abajo. Si no te has suscrito, ignora este correo.',
    ],
    confirmAction: 'Confirmar suscripción',
    unsubscribe: 'Cancelar suscripción',
  },
  notifications: {
    threadReply: { title: 'Nueva respuesta en tu hilo', message: (name, thread) => `${name} ha respondido a «${thread}».` },
    refundDeclined: { title: (order) => `Reembolso del pedido ${order} rechazado` },
    refundApproved: {
      title: (order) => `Reembolso del pedido ${order} aprobado`,
      message: 'Tu reembolso está en camino a tu método de pago original (de 5 a 10 días hábiles).',
    },
    productApproved: {
      title: (product) => `«${product}» ya está publicado`,
      message: 'Tu producto se ha aprobado y ya es visible en el marketplace.',
    },
    productRejected: {
      title: (product) => `«${product}» no se ha aprobado`,
      message: (reason) => `Tu producto se ha rechazado. Motivo: ${reason}. Edítalo y vuelve a enviarlo.`,
      noReason: 'no indicado',
    },
  },
  contact: {
    subject: (subject) => `Formulario de contacto: ${subject}`,
    wrote: (sender, site) => `${sender} ha escrito mediante el formulario de contacto de ${site}:`,
    reply: (name, inbox) => `Responde a este correo para contestar a ${name}. Todos los mensajes: ${inbox}`,
    replyShort: 'Responde a este correo para contestar.',
    allMessages: 'Todos los mensajes',
  },
  lead: {
    subject: (count, first) =>
      count === 1
        ? `Nuevo interesado en un chatbot personalizado: ${first}`
        : `${count} nuevos interesados en un chatbot personalizado`,
    intro: (site, count) =>
      count === 1
        ? `Un visitante ha pedido al asistente de ${site} un chatbot personalizado.`
        : `${count} visitantes han pedido al asistente de ${site} un chatbot personalizado.`,
    more: (count) => `…y ${count} más.`,
    name: 'Nombre',
    email: 'Correo electrónico',
    need: 'Necesidad',
    allLeads: 'Todos los interesados',
  },
};

const fr: MailTexts = {
  hi: (name) => `Bonjour ${name},`,
  reset: {
    subject: 'Réinitialisez votre mot de passe',
    intro: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte AI Marketplace.',
    open: (hours) =>
      `Ouvrez ce lien pour choisir un nouveau mot de passe (il expire dans ${hours} heures et ne fonctionne qu’une fois) :`,
    linkLabel: 'Choisir un nouveau mot de passe',
    linkNote: (hours) => `(le lien expire dans ${hours} heures et ne fonctionne qu’une fois).`,
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  receipt: {
    subject: (order) => `Votre reçu pour la commande ${order}`,
    thanks: (order) => `Merci pour votre achat. La commande ${order} est payée.`,
    subtotal: 'Sous-total',
    discount: (code) => `Remise (${code})`,
    total: 'Total',
    downloads: (until) => `Téléchargez vos fichiers (liens valables jusqu’au ${until}) :`,
    downloadsHeading: (until) => `Téléchargements (valables jusqu’au ${until}) :`,
    newLinks: (url) => `Vous pouvez toujours obtenir de nouveaux liens sur ${url}`,
  },
  newsletter: {
    alreadySubject: 'Cette adresse est déjà abonnée',
    alreadyLines: [
      'Quelqu’un (vous, espérons-le) a demandé à abonner cette adresse à notre newsletter.',
      'Elle est déjà abonnée : rien n’a changé.',
    ],
    confirmSubject: 'Confirmez votre abonnement à la newsletter',
    confirmLines: [
      'Merci de vous être inscrit à notre newsletter.',
      'Veuillez confirmer votre adresse avec le lien ci-dessous. Si vous ne vous êtes pas inscrit, ignorez cet e-mail.',
    ],
    confirmAction: 'Confirmer l’abonnement',
    unsubscribe: 'Se désabonner',
  },
  notifications: {
    threadReply: {
      title: 'Nouvelle réponse à votre discussion',
      message: (name, thread) => `${name} a répondu à « ${thread} ».`,
    },
    refundDeclined: { title: (order) => `Remboursement de la commande ${order} refusé` },
    refundApproved: {
      title: (order) => `Remboursement de la commande ${order} accepté`,
      message: 'Votre remboursement est en route vers votre moyen de paiement d’origine (5 à 10 jours ouvrés).',
    },
    productApproved: {
      title: (product) => `« ${product} » est en ligne`,
      message: 'Votre produit a été approuvé et est désormais visible sur la marketplace.',
    },
    productRejected: {
      title: (product) => `« ${product} » n’a pas été approuvé`,
      message: (reason) => `Votre produit a été refusé. Motif : ${reason}. Modifiez-le puis soumettez-le à nouveau.`,
      noReason: 'non précisé',
    },
  },
  contact: {
    subject: (subject) => `Formulaire de contact : ${subject}`,
    wrote: (sender, site) => `${sender} a écrit via le formulaire de contact de ${site} :`,
    reply: (name, inbox) => `Répondez à cet e-mail pour répondre à ${name}. Tous les messages : ${inbox}`,
    replyShort: 'Répondez à cet e-mail pour répondre.',
    allMessages: 'Tous les messages',
  },
  lead: {
    subject: (count, first) =>
      count === 1
        ? `Nouveau prospect pour un chatbot personnalisé : ${first}`
        : `${count} nouveaux prospects pour un chatbot personnalisé`,
    intro: (site, count) =>
      count === 1
        ? `Un visiteur a demandé un chatbot personnalisé à l’assistant de ${site}.`
        : `${count} visiteurs ont demandé un chatbot personnalisé à l’assistant de ${site}.`,
    more: (count) => `… et ${count} autres.`,
    name: 'Nom',
    email: 'E-mail',
    need: 'Besoin',
    allLeads: 'Tous les prospects',
  },
};

const de: MailTexts = {
  hi: (name) => `Hallo ${name},`,
  reset: {
    subject: 'Passwort zurücksetzen',
    intro: 'Wir haben eine Anfrage erhalten, das Passwort Ihres AI Marketplace-Kontos zurückzusetzen.',
    open: (hours) =>
      `Öffnen Sie diesen Link, um ein neues Passwort festzulegen (er läuft in ${hours} Stunden ab und funktioniert nur einmal):`,
    linkLabel: 'Neues Passwort festlegen',
    linkNote: (hours) => `(der Link läuft in ${hours} Stunden ab und funktioniert nur einmal).`,
    ignore: 'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
  },
  receipt: {
    subject: (order) => `Ihr Kaufbeleg für Bestellung ${order}`,
    thanks: (order) => `Vielen Dank für Ihren Einkauf. Bestellung ${order} ist bezahlt.`,
    subtotal: 'Zwischensumme',
    discount: (code) => `Rabatt (${code})`,
    total: 'Gesamt',
    downloads: (until) => `Laden Sie Ihre Dateien herunter (Links gültig bis ${until}):`,
    downloadsHeading: (until) => `Downloads (gültig bis ${until}):`,
    newLinks: (url) => `Neue Links erhalten Sie jederzeit unter ${url}`,
  },
  newsletter: {
    alreadySubject: 'Sie sind bereits angemeldet',
    alreadyLines: [
      'Jemand (hoffentlich Sie) hat angefragt, diese Adresse für unseren Newsletter anzumelden.',
      'Sie ist bereits angemeldet, es hat sich also nichts geändert.',
    ],
    confirmSubject: 'Bitte bestätigen Sie Ihr Newsletter-Abonnement',
    confirmLines: [
      'Vielen Dank für Ihre Anmeldung zu unserem Newsletter.',
      'Bitte bestätigen Sie Ihre Adresse über den Link unten. Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail.',
    ],
    confirmAction: 'Abonnement bestätigen',
    unsubscribe: 'Abmelden',
  },
  notifications: {
    threadReply: { title: 'Neue Antwort in Ihrem Thema', message: (name, thread) => `${name} hat auf „${thread}“ geantwortet.` },
    refundDeclined: { title: (order) => `Erstattung für ${order} abgelehnt` },
    refundApproved: {
      title: (order) => `Erstattung für ${order} genehmigt`,
      message: 'Ihre Erstattung ist auf dem Weg zu Ihrer ursprünglichen Zahlungsmethode (5–10 Werktage).',
    },
    productApproved: {
      title: (product) => `„${product}“ ist online`,
      message: 'Ihr Produkt wurde genehmigt und ist jetzt im Marktplatz sichtbar.',
    },
    productRejected: {
      title: (product) => `„${product}“ wurde nicht genehmigt`,
      message: (reason) => `Ihr Produkt wurde abgelehnt. Grund: ${reason}. Bearbeiten Sie es und reichen Sie es erneut ein.`,
      noReason: 'nicht angegeben',
    },
  },
  contact: {
    subject: (subject) => `Kontaktformular: ${subject}`,
    wrote: (sender, site) => `${sender} hat über das Kontaktformular von ${site} geschrieben:`,
    reply: (name, inbox) => `Antworten Sie auf diese E-Mail, um ${name} zu antworten. Alle Nachrichten: ${inbox}`,
    replyShort: 'Antworten Sie auf diese E-Mail, um zu antworten.',
    allMessages: 'Alle Nachrichten',
  },
  lead: {
    subject: (count, first) =>
      count === 1
        ? `Neue Anfrage für einen individuellen Chatbot: ${first}`
        : `${count} neue Anfragen für einen individuellen Chatbot`,
    intro: (site, count) =>
      count === 1
        ? `Ein Besucher hat den Assistenten von ${site} nach einem individuellen Chatbot gefragt.`
        : `${count} Besucher haben den Assistenten von ${site} nach einem individuellen Chatbot gefragt.`,
    more: (count) => `… und ${count} weitere.`,
    name: 'Name',
    email: 'E-Mail',
    need: 'Bedarf',
    allLeads: 'Alle Anfragen',
  },
};

const zh: MailTexts = {
  hi: (name) => `${name}，您好：`,
  reset: {
    subject: '重置您的密码',
    intro: '我们收到了重置您 AI Marketplace 账户密码的请求。',
    open: (hours) => `请打开此链接设置新密码（链接将在 ${hours} 小时后失效，且只能使用一次）：`,
    linkLabel: '设置新密码',
    linkNote: (hours) => `（链接将在 ${hours} 小时后失效，且只能使用一次。）`,
    ignore: '如果这不是您本人的操作，请忽略此邮件：您的密码不会改变。',
  },
  receipt: {
    subject: (order) => `订单 ${order} 的收据`,
    thanks: (order) => `感谢您的购买。订单 ${order} 已付款。`,
    subtotal: '小计',
    discount: (code) => `折扣（${code}）`,
    total: '总计',
    downloads: (until) => `下载您的文件（链接有效期至 ${until}）：`,
    downloadsHeading: (until) => `下载（有效期至 ${until}）：`,
    newLinks: (url) => `您随时可以在 ${url} 获取新的下载链接`,
  },
  newsletter: {
    alreadySubject: '您已订阅',
    alreadyLines: ['有人（希望是您本人）请求为此邮箱订阅我们的新闻通讯。', '该邮箱已经订阅，因此没有任何变化。'],
    confirmSubject: '请确认您的新闻通讯订阅',
    confirmLines: ['感谢您订阅我们的新闻通讯。', '请通过下方链接确认您的邮箱地址。如果您没有订阅，请忽略此邮件。'],
    confirmAction: '确认订阅',
    unsubscribe: '退订',
  },
  notifications: {
    threadReply: { title: '您的帖子有新回复', message: (name, thread) => `${name} 回复了“${thread}”。` },
    refundDeclined: { title: (order) => `订单 ${order} 的退款申请未获批准` },
    refundApproved: {
      title: (order) => `订单 ${order} 的退款已批准`,
      message: '您的退款正在退回至原支付方式（5–10 个工作日）。',
    },
    productApproved: {
      title: (product) => `“${product}”已上线`,
      message: '您的产品已通过审核，现已在市场中展示。',
    },
    productRejected: {
      title: (product) => `“${product}”未通过审核`,
      message: (reason) => `您的产品未通过审核。原因：${reason}。请修改后重新提交。`,
      noReason: '未说明',
    },
  },
  contact: {
    subject: (subject) => `联系表单：${subject}`,
    wrote: (sender, site) => `${sender} 通过 ${site} 联系表单发来消息：`,
    reply: (name, inbox) => `回复此邮件即可答复 ${name}。所有消息：${inbox}`,
    replyShort: '回复此邮件即可答复。',
    allMessages: '所有消息',
  },
  lead: {
    subject: (count, first) => (count === 1 ? `新的定制聊天机器人意向客户：${first}` : `${count} 位新的定制聊天机器人意向客户`),
    intro: (site, count) =>
      count === 1 ? `一位访客向 ${site} 助手咨询定制聊天机器人。` : `${count} 位访客向 ${site} 助手咨询定制聊天机器人。`,
    more: (count) => `……以及另外 ${count} 位。`,
    name: '姓名',
    email: '邮箱',
    need: '需求',
    allLeads: '所有意向客户',
  },
};

const ja: MailTexts = {
  hi: (name) => `${name} 様`,
  reset: {
    subject: 'パスワードの再設定',
    intro: 'AI Marketplace アカウントのパスワード再設定のリクエストを受け付けました。',
    open: (hours) => `次のリンクを開いて新しいパスワードを設定してください（有効期限は ${hours} 時間で、一度だけ使用できます）：`,
    linkLabel: '新しいパスワードを設定する',
    linkNote: (hours) => `（リンクの有効期限は ${hours} 時間で、一度だけ使用できます。）`,
    ignore: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
  },
  receipt: {
    subject: (order) => `ご注文 ${order} の領収書`,
    thanks: (order) => `ご購入ありがとうございます。ご注文 ${order} のお支払いが完了しました。`,
    subtotal: '小計',
    discount: (code) => `割引（${code}）`,
    total: '合計',
    downloads: (until) => `ファイルをダウンロードしてください（リンクの有効期限：${until}）：`,
    downloadsHeading: (until) => `ダウンロード（有効期限：${until}）：`,
    newLinks: (url) => `新しいリンクはいつでも ${url} から取得できます`,
  },
  newsletter: {
    alreadySubject: 'すでに購読済みです',
    alreadyLines: [
      'どなたか（ご本人であれば幸いです）が、このアドレスでのニュースレター購読をリクエストしました。',
      'このアドレスはすでに購読済みのため、変更はありません。',
    ],
    confirmSubject: 'ニュースレター購読の確認をお願いします',
    confirmLines: [
      'ニュースレターにご登録いただきありがとうございます。',
      '下のリンクからメールアドレスを確認してください。お心当たりがない場合は、このメールを無視してください。',
    ],
    confirmAction: '購読を確認する',
    unsubscribe: '購読を解除する',
  },
  notifications: {
    threadReply: {
      title: 'あなたのスレッドに新しい返信があります',
      message: (name, thread) => `${name} さんが「${thread}」に返信しました。`,
    },
    refundDeclined: { title: (order) => `${order} の返金は承認されませんでした` },
    refundApproved: {
      title: (order) => `${order} の返金が承認されました`,
      message: '返金は元のお支払い方法へ手続き中です（5〜10 営業日）。',
    },
    productApproved: {
      title: (product) => `「${product}」が公開されました`,
      message: 'ご出品の商品が承認され、マーケットプレイスに公開されました。',
    },
    productRejected: {
      title: (product) => `「${product}」は承認されませんでした`,
      message: (reason) => `ご出品の商品は却下されました。理由：${reason}。内容を編集して再度申請してください。`,
      noReason: '記載なし',
    },
  },
  contact: {
    subject: (subject) => `お問い合わせフォーム：${subject}`,
    wrote: (sender, site) => `${sender} さんから ${site} のお問い合わせフォーム経由でメッセージが届きました：`,
    reply: (name, inbox) => `このメールに返信すると ${name} さんに回答できます。すべてのメッセージ：${inbox}`,
    replyShort: 'このメールに返信すると回答できます。',
    allMessages: 'すべてのメッセージ',
  },
  lead: {
    subject: (count, first) =>
      count === 1 ? `カスタムチャットボットの新しいリード：${first}` : `カスタムチャットボットの新しいリード ${count} 件`,
    intro: (site, count) =>
      count === 1
        ? `訪問者が ${site} のアシスタントにカスタムチャットボットを依頼しました。`
        : `${count} 人の訪問者が ${site} のアシスタントにカスタムチャットボットを依頼しました。`,
    more: (count) => `…ほか ${count} 件。`,
    name: '名前',
    email: 'メールアドレス',
    need: 'ご要望',
    allLeads: 'すべてのリード',
  },
};

const TEXTS: Record<Language, MailTexts> = { en, es, fr, de, zh, ja };

/** The texts for one language. */
export function mailTexts(language: Language): MailTexts {
  return TEXTS[language];
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
