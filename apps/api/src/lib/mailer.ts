import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/** Outgoing e-mail through nodemailer: an SMTP server when configured, else `.eml` files in the outbox. */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
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
  log: (message: string) => void;
}

export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return { send: async (message) => void (await transport.sendMail({ from, ...message })) };
  }
  const transport: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${safeFileName(message.to)}-${randomSuffix()}.eml`);
      await fs.writeFile(file, info.message as Buffer);
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
