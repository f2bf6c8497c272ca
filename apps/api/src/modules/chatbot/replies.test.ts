import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fill, TEMPLATES } from './replies';

const storefrontEnglish = path.resolve(import.meta.dirname, '../../../../web/src/lib/i18n/en.json');

describe('assistant texts', () => {
  it('match the storefront’s English, which shows them by key', () => {
    const en = JSON.parse(fs.readFileSync(storefrontEnglish, 'utf8')) as { chatbot: { bot: Record<string, string> } };
    expect(en.chatbot.bot).toEqual(TEMPLATES);
  });

  it('fills values in', () => {
    expect(fill(TEMPLATES.lead_saved, { name: 'Ada', email: 'ada@example.org' })).toBe(
      'Thank you, Ada! Our team will reply to ada@example.org soon. Anything else?',
    );
  });
});
