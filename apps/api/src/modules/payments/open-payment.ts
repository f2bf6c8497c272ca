import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { openPayment } from '../orders/checkout';
import type { UserRow } from '../users/repository';
import { findUsersOrder } from './repository';

/** Opens the payment of one of the caller's orders; someone else's order looks exactly like a missing one. */
export async function openOwnOrderPayment(deps: AppDeps, user: UserRow, orderId: string) {
  const order = await findUsersOrder(deps.db, orderId, user.id);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  return openPayment(deps, user, order);
}
