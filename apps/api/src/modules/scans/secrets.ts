import type { ScanReasonCode } from '@app/shared';

/** Credentials that should never ship inside a product: patterns, and the names of files that hold them. */

interface SecretPattern {
  code: ScanReasonCode;
  label: string;
  pattern: RegExp;
}

const PATTERNS: SecretPattern[] = [
  {
    code: 'secret_private_key',
    label: 'a private key',
    pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g,
  },
  { code: 'secret_aws_key', label: 'an AWS access key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  {
    code: 'secret_github_token',
    label: 'a GitHub token',
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{50,255})\b/g,
  },
  {
    code: 'secret_openai_key',
    label: 'an OpenAI API key',
    pattern:
      /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}|\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}/g,
  },
  { code: 'secret_stripe_key', label: 'a live Stripe key', pattern: /\b[sr]k_live_[0-9A-Za-z]{16,}\b/g },
];
/** Longest secret we need to see whole across two chunks. */
const OVERLAP = 512;

export interface FoundSecret {
  code: ScanReasonCode;
  label: string;
  /** Enough to find it, never the secret itself. */
  masked: string;
}

/** Scans text chunk by chunk (with an overlap, so a key split between chunks is still found). */
export class SecretFinder {
  private tail = '';
  private tailOffset = 0;
  private readonly seen = new Set<string>();
  readonly found: FoundSecret[] = [];

  push(chunk: Buffer): void {
    const text = this.tail + chunk.toString('latin1');
    for (const { code, label, pattern } of PATTERNS) {
      pattern.lastIndex = 0;
      for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
        const value = match[0];
        const key = `${this.tailOffset + match.index}:${code}`;
        if (this.seen.has(key) || this.seen.has(value) || this.found.length >= 20) continue;
        this.seen.add(key);
        this.seen.add(value);
        this.found.push({ code, label, masked: mask(value, code) });
      }
    }
    const keep = Math.min(OVERLAP, text.length);
    this.tailOffset += text.length - keep;
    this.tail = text.slice(text.length - keep);
  }
}

function mask(value: string, code: ScanReasonCode): string {
  if (code === 'secret_private_key') return value;
  return `${value.slice(0, Math.min(8, Math.floor(value.length / 3)))}…`;
}

/** `.env`, `.env.production`…, but not the examples projects ship on purpose. */
export function isEnvFile(baseName: string): boolean {
  return /^\.env(\.[^/]+)?$/i.test(baseName) && !/\.(example|sample|template|dist|defaults?)$/i.test(baseName);
}
