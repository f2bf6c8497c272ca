import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resendReceipt(orderId: string): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/orders/${encodeURIComponent(orderId)}/resend-email`);
}

/** E-mails the receipt, with fresh download links, again. */
export function useResendReceipt() {
  return useMutation({ mutationFn: resendReceipt });
}
