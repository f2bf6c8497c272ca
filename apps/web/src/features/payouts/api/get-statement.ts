import type { StatementLine } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/downloads';
import { sellerPayoutsKey } from './payouts-query-key';

export function getStatement(): Promise<{ lines: StatementLine[] }> {
  return api.get<{ lines: StatementLine[] }>('/seller/payouts/statement');
}

/** Every sale, refund and payout of the seller, newest first. */
export function useStatement() {
  return useQuery({ queryKey: [...sellerPayoutsKey, 'statement'], queryFn: getStatement });
}

/** The same statement as a CSV file (the call needs the bearer token, so no plain link). */
export async function downloadStatementCsv(): Promise<void> {
  const blob = await api.blob('/seller/payouts/statement?format=csv');
  saveBlob(blob, `statement-${new Date().toISOString().slice(0, 10)}.csv`);
}
