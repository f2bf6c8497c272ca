import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createMailer, type MailMessage } from './mailer';

/** Mail carries live links; a production log must never. */

const TOKEN = 'Zk3v9QeLr0Tq7YwB2nXc5HsUaJ8mGd1E';
const RESET: MailMessage = {
  kind: 'password-reset',
  to: 'ada.lovelace@example.org',
  subject: 'Reset your password',
  text: `Hi Ada,\n\nOpen this link:\n\nhttps://shop.example.org/reset-password?token=${TOKEN}\n`,
  html: `<p><a href="https://shop.example.org/reset-password?token=${TOKEN}">Reset</a></p>`,
};

let outboxDir: string;
let sink: SmtpSink;

beforeAll(async () => {
  outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailer-test-'));
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

function mailer(options: { smtpUrl?: string; production: boolean }) {
  const lines: string[] = [];
  const from = 'Shop <no-reply@shop.example.org>';
  return {
    lines,
    mailer: createMailer({ ...options, smtpUrl: options.smtpUrl, from, outboxDir, log: (line) => lines.push(line) }),
  };
}

function expectNothingSecret(lines: string[]) {
  const log = lines.join('\n');
  expect(log).not.toContain(TOKEN);
  expect(log).not.toContain('http');
  expect(log).not.toContain('ada.lovelace');
  expect(log).not.toContain('Reset your password');
}

describe('the mailer in production', () => {
  it('delivers over SMTP and logs only the kind of mail', async () => {
    const { lines, mailer: m } = mailer({ smtpUrl: sink.url, production: true });
    await m.send(RESET);
    const delivered = sink.received.at(-1);
    expect(delivered?.to).toEqual(['ada.lovelace@example.org']);
    expect(delivered?.data.replace(/=\r\n/g, '')).toContain(TOKEN);
    expect(lines).toEqual(['mail sent: password-reset']);
    expectNothingSecret(lines);
  });

  it('never logs a link, a token or the recipient, even without SMTP (the outbox still gets the mail)', async () => {
    const { lines, mailer: m } = mailer({ production: true });
    await m.send(RESET);
    await m.send({ ...RESET, kind: undefined });
    expect(lines).toEqual(['mail written to the outbox: password-reset', 'mail written to the outbox: mail']);
    expectNothingSecret(lines);
    expect(fs.readdirSync(outboxDir).filter((file) => file.endsWith('.eml'))).toHaveLength(2);
  });
});

describe('the mailer on a local run without SMTP', () => {
  it('writes the outbox and prints the links, so a developer can follow them', async () => {
    const { lines, mailer: m } = mailer({ production: false });
    await m.send(RESET);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`https://shop.example.org/reset-password?token=${TOKEN}`);
  });
});
