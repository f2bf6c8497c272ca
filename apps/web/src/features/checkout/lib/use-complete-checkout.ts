import type { CheckoutResult } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Cart } from '@/lib/cart/get-cart';
import { notify } from '@/lib/notify';
import { ordersQueryKey } from '@/lib/orders';
import type { CheckoutSuccessState } from './success-state';

/**
 * After the server confirmed the payment (or said the bank is still processing it): go to the
 * success page with the order, refresh cart and orders. The "paid" toast only for a confirmed payment.
 */
export function useCompleteCheckout(cart: Cart) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (order: CheckoutResult, options: { processing?: boolean } = {}) => {
    const state: CheckoutSuccessState = {
      order_id: order.order_id,
      order_number: order.order_number,
      payment_intent_id: order.provider === 'free' ? null : order.payment_intent_id,
      items: cart.items.map((item) => ({
        product_id: item.product_id,
        title: item.title,
        quantity: item.quantity,
        price: item.price,
      })),
      total: order.amount,
      processing: options.processing === true,
    };
    if (!options.processing) notify.success(t('checkout.paidTitle'), t('checkout.paidText', { number: order.order_number }));
    await navigate('/checkout/success', { replace: true, state });
    // The server took the bought items out of the cart.
    void queryClient.invalidateQueries({ queryKey: ['cart'] });
    void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
  };
}
