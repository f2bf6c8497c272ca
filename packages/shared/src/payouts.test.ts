import { describe, expect, it } from 'vitest';
import { ibanProblem, maskAccountNumber, payoutAccountSchema, routingNumberProblem } from './payouts';

describe('bank account checks', () => {
  it('accepts real IBANs in any spacing and refuses bad checksums and lengths', () => {
    expect(ibanProblem('DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(ibanProblem('gb82west12345698765432')).toBeNull();
    expect(ibanProblem('DE89370400440532013001')).toMatch(/not valid/);
    expect(ibanProblem('DE8937040044053201300')).toMatch(/not valid/);
    expect(ibanProblem('not an iban')).toBe('Enter a valid IBAN');
  });

  it('checks ABA routing numbers with the 3-7-1 checksum', () => {
    expect(routingNumberProblem('011000015')).toBeNull();
    expect(routingNumberProblem('021000021')).toBeNull();
    expect(routingNumberProblem('011000016')).toBe('This routing number is not valid');
    expect(routingNumberProblem('12345')).toBe('Routing number must be 9 digits');
  });

  it('masks all but the last four characters', () => {
    expect(maskAccountNumber('DE89370400440532013000')).toBe('DE •••• 3000');
    expect(maskAccountNumber('000123456789')).toBe('•••• 6789');
  });

  it('reports each bad field of a US account', () => {
    const parsed = payoutAccountSchema.safeParse({
      account_holder_name: 'A',
      account_type: 'us',
      routing_number: '1',
      account_number: '12',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'account_holder_name',
      'account_number',
      'routing_number',
    ]);
  });
});
