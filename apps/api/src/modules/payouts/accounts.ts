import { randomUUID } from 'node:crypto';
import {
  type BankAccountInput,
  type BankAccountUpdate,
  type BankAccountView,
  maskAccountNumber,
  normalizeIban,
  type PayoutAccountInput,
  type SellerPayoutAccountView,
} from '@app/shared';
import { recordAudit } from '../../lib/audit';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { UserRow } from '../users/repository';
import { encryptAccountNumber } from './encryption';
import {
  type BankAccountRow,
  clearPlatformPrimaryAccount,
  deleteBankAccount,
  deletePlatformBankAccountRow,
  findPayoutAccountOfSeller,
  findPlatformBankAccount,
  hasPayoutInFlight,
  insertBankAccount,
  insertPayoutAccountIfNone,
  listPlatformBankAccountRows,
  lockPayoutAccountOfSeller,
  lockPayoutAccountsOfOrder,
  lockPlatformAccounts,
  updateBankAccount,
} from './repository';

export { type BankAccountRow, lockPayoutAccountsOfOrder };
export interface Actor {
  id: string;
  ip: string | null;
}

const NOT_FOUND = 'Bank account not found';
const IN_FLIGHT = 'A payout is on its way to this account. Change it after the payout arrives.';

/** The validated number in its stored form, with what people may see of it. */
function accountNumberOf(input: PayoutAccountInput) {
  if (input.account_type === 'iban') {
    const iban = normalizeIban(input.iban ?? '');
    return { number: iban, country: iban.slice(0, 2), routingNumber: null, masked: maskAccountNumber(iban) };
  }
  const number = (input.account_number ?? '').replace(/[\s-]/g, '');
  return {
    number,
    country: 'US',
    routingNumber: (input.routing_number ?? '').replace(/[\s-]/g, ''),
    masked: maskAccountNumber(number),
  };
}

function presentBankAccount(row: BankAccountRow): BankAccountView {
  return {
    id: row.id,
    account_holder_name: row.holderName,
    bank_name: row.bankName,
    account_type: row.accountType,
    country: row.country,
    currency: row.currency,
    masked_number: row.maskedNumber,
    routing_number: row.routingNumber,
    is_primary: row.isPrimary,
    created_at: row.createdAt.toISOString(),
  };
}

function presentPayoutAccount(row: BankAccountRow): SellerPayoutAccountView {
  return { ...presentBankAccount(row), onboarding_url: row.onboardingUrl };
}

/** The seller's payout account, or null. */
export async function getPayoutAccount(deps: AppDeps, sellerId: string): Promise<SellerPayoutAccountView | null> {
  const row = await findPayoutAccountOfSeller(deps.db, sellerId);
  return row ? presentPayoutAccount(row) : null;
}

/**
 * Adds or replaces the seller's payout account: the number is stored encrypted and masked, and the
 * payout provider gets (or keeps) a destination for the seller. Refused while a payout is on its way.
 */
export async function savePayoutAccount(
  deps: AppDeps,
  seller: UserRow,
  input: PayoutAccountInput,
  ip: string | null,
): Promise<SellerPayoutAccountView> {
  const existing = await findPayoutAccountOfSeller(deps.db, seller.id);
  const id = existing?.id ?? randomUUID();
  const account = accountNumberOf(input);
  const keepDestination = existing?.payoutProvider === deps.payouts.name && existing.providerDestinationId;
  const destination = keepDestination
    ? { destinationId: existing.providerDestinationId as string, onboardingUrl: existing.onboardingUrl }
    : await deps.payouts
        .createDestination({ bankAccountId: id, sellerId: seller.id, email: seller.email, country: account.country })
        .catch(() => {
          throw new AppError('PROVIDER_ERROR', 'The payout provider could not be reached. Please try again.');
        });
  const values = {
    holderName: input.account_holder_name,
    bankName: input.bank_name ?? '',
    accountType: input.account_type,
    country: account.country,
    routingNumber: account.routingNumber,
    maskedNumber: account.masked,
    numberEncrypted: encryptAccountNumber(deps.payoutEncryptionKey, account.number, id),
    payoutProvider: deps.payouts.name,
    providerDestinationId: destination.destinationId,
    onboardingUrl: destination.onboardingUrl,
  };
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockPayoutAccountOfSeller(tx, seller.id);
    if (await hasPayoutInFlight(tx, seller.id)) throw new AppError('CONFLICT', IN_FLIGHT);
    if (locked && locked.id !== id) throw new AppError('CONFLICT', 'Your payout account changed meanwhile. Please try again.');
    const saved = locked
      ? await updateBankAccount(tx, id, values)
      : await insertPayoutAccountIfNone(tx, { id, userId: seller.id, ...values });
    if (!saved) throw new AppError('CONFLICT', 'Your payout account changed meanwhile. Please try again.');
    await recordAudit(tx, {
      actorId: seller.id,
      ip,
      action: locked ? 'payout_account.replaced' : 'payout_account.created',
      subjectType: 'bank_account',
      subjectId: id,
      details: { masked_number: account.masked, account_type: input.account_type, country: account.country },
    });
    return saved;
  });
  return presentPayoutAccount(row);
}

/** Removes the seller's payout account (refused while a payout is on its way). */
export async function deletePayoutAccount(deps: AppDeps, seller: UserRow, ip: string | null): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockPayoutAccountOfSeller(tx, seller.id);
    if (!locked) throw new AppError('NOT_FOUND', 'You have no payout account');
    if (await hasPayoutInFlight(tx, seller.id)) throw new AppError('CONFLICT', IN_FLIGHT);
    await deleteBankAccount(tx, locked.id);
    await recordAudit(tx, {
      actorId: seller.id,
      ip,
      action: 'payout_account.deleted',
      subjectType: 'bank_account',
      subjectId: locked.id,
      details: { masked_number: locked.maskedNumber },
    });
  });
}

/** The platform's own bank accounts, primary first. */
export async function listPlatformBankAccounts(deps: AppDeps): Promise<BankAccountView[]> {
  const rows = await listPlatformBankAccountRows(deps.db);
  return rows.map(presentBankAccount);
}

/** Adds one of the platform's bank accounts; making it primary takes that from the previous one. */
export async function createPlatformBankAccount(deps: AppDeps, actor: Actor, input: BankAccountInput): Promise<BankAccountView> {
  const id = randomUUID();
  const account = accountNumberOf(input);
  const row = await deps.db.transaction(async (tx) => {
    await lockPlatformAccounts(tx);
    if (input.is_primary) await clearPlatformPrimaryAccount(tx);
    const saved = await insertBankAccount(tx, {
      id,
      userId: null,
      holderName: input.account_holder_name,
      bankName: input.bank_name ?? '',
      accountType: input.account_type,
      country: account.country,
      currency: input.currency,
      routingNumber: account.routingNumber,
      maskedNumber: account.masked,
      numberEncrypted: encryptAccountNumber(deps.payoutEncryptionKey, account.number, id),
      isPrimary: input.is_primary,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: 'bank_account.created',
      subjectType: 'bank_account',
      subjectId: id,
      details: { masked_number: account.masked, account_type: input.account_type, is_primary: input.is_primary },
    });
    return saved;
  });
  return presentBankAccount(row);
}

/** Renames a platform account or makes it primary. */
export async function updatePlatformBankAccount(
  deps: AppDeps,
  actor: Actor,
  id: string,
  input: BankAccountUpdate,
): Promise<BankAccountView> {
  const row = await deps.db.transaction(async (tx) => {
    await lockPlatformAccounts(tx);
    const current = await findPlatformBankAccount(tx, id);
    if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (input.is_primary) await clearPlatformPrimaryAccount(tx);
    const saved = await updateBankAccount(tx, id, {
      holderName: input.account_holder_name,
      bankName: input.bank_name,
      isPrimary: input.is_primary,
    });
    if (!saved) throw new AppError('NOT_FOUND', NOT_FOUND);
    await recordAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: 'bank_account.updated',
      subjectType: 'bank_account',
      subjectId: id,
      details: { changed: Object.keys(input).filter((key) => input[key as keyof BankAccountUpdate] !== undefined) },
    });
    return saved;
  });
  return presentBankAccount(row);
}

/** Removes one of the platform's bank accounts. */
export async function deletePlatformBankAccount(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const deleted = await deletePlatformBankAccountRow(tx, id);
    if (!deleted) throw new AppError('NOT_FOUND', NOT_FOUND);
    await recordAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: 'bank_account.deleted',
      subjectType: 'bank_account',
      subjectId: id,
      details: { masked_number: deleted.maskedNumber },
    });
  });
}
