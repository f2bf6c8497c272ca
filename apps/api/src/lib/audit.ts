import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  /** The signed-in user who acted; null for the scheduler or the system itself. */
  actorId: string | null;
  /** Dotted verb, e.g. `payout.triggered`, `bank_account.created`. */
  action: string;
  subjectType: string;
  subjectId?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Records a money or account action. Pass the transaction that performs the action, so the
 * record exists exactly when the action does.
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
  });
}
