import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/**
 * Outgoing e-mail through nodemailer: an SMTP server when configured, else `.eml` files in the
 * outbox (local runs; production requires SMTP_URL). Mail carries live credentials (reset,
 * confirmation and download links), so in production the log only ever says what kind of mail
 * went out: never the recipient, the subject, a link or a file name.
 */

/** What a mail is: the one fact about it a production log may hold. */
export type MailKind =
  | 'password-reset'
  | 'receipt'
  | 'guest-order'
  | 'guest-claim'
  | 'newsletter'
  | 'notification'
  | 'contact-message'
  | 'chatbot-lead'
  | 'mail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** For the log; `mail` when unset. */
  kind?: MailKind;
  /** Where a reply goes (the sender of a contact message); the From address stays ours. */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe for mailing-list mail. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  /** NODE_ENV=production: the log gets the kind of each mail and nothing else. */
  production: boolean;
  log: (message: string) => void;
}

export function createMailer({ smtpUrl, from, outboxDir, production, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send({ kind = 'mail', ...message }) {
        await transport.sendMail({ from, ...message });
        log(`mail sent: ${kind}`);
      },
    };
  }
  const transport: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ kind = 'mail', ...message }) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${safeFileName(message.to)}-${randomSuffix()}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      if (production) {
        log(`mail written to the outbox: ${kind}`);
        return;
      }
      // A local run has no mail server: the links are printed so a developer can follow them.
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log(`mail to ${message.to}: "${message.subject}" written to ${file}${links.length ? ` links: ${links.join(' ')}` : ''}`);
    },
  };
}

function safeFileName(value: string): string {
  return value.replace(/[^a-zA-Z0-9@._-]/g, '_');
}

function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 8);
}
