import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV writer', () => {
  it('quotes fields with a quote, comma, line break or apostrophe, doubling quotes (RFC 4180)', () => {
    expect(csvField('plain@example.org')).toBe('plain@example.org');
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField("it's")).toBe(`"it's"`);
    expect(csvField('')).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula, but keeps plain numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const start of ['+', '-', '@', '\t', '\r']) expect(csvField(`${start}cmd`)).toMatch(/^"'/);
    expect(csvField('+1')).toBe(`"'+1"`);
    expect(csvField('-80.00')).toBe('-80.00');
    expect(csvField('-3')).toBe('-3');
  });

  it('writes a header and rows with CRLF line ends, the last one included', () => {
    expect(
      toCsv(
        ['date', 'amount_usd'],
        [
          ['2026-05-01', '-1.50'],
          ['total', '=1+1'],
        ],
      ),
    ).toBe(`date,amount_usd\r\n2026-05-01,-1.50\r\ntotal,"'=1+1"\r\n`);
    expect(toCsv(['email'], [])).toBe('email\r\n');
  });
});
