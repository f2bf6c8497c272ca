import path from 'node:path';
import type { ScanReason, ScanVerdict } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import type { Storage } from '../../lib/storage';
import { recordFileScan, refreshProductScannedAt, unscannedFilesOf } from '../products/repository';
import { DEFAULT_SCAN_LIMITS, type ScanLimits, type ScanResult, scanStream, unreadable } from './scanner';

/** The safety scan applied to stored product files: after each upload, and for files stored before scanning existed. */

export interface FileScan {
  scanVerdict: ScanVerdict;
  scanReasons: ScanReason[];
  scannedAt: Date;
}

/** The scan's limits, with zips spooled under DATA_DIR/tmp (a disk the shop already sized for files). */
function limitsFor(deps: Pick<AppDeps, 'config'>): ScanLimits {
  return { ...DEFAULT_SCAN_LIMITS, tempDir: path.join(deps.config.dataDir, 'tmp') };
}

/** Scans one stored file, streamed from storage (local disk or S3) with bounded memory. */
export async function scanStoredFile(
  storage: Storage,
  key: string,
  fileName: string,
  sizeBytes: number,
  limits: ScanLimits = DEFAULT_SCAN_LIMITS,
): Promise<ScanResult> {
  const stream = await storage.get(key);
  if (!stream) return unreadable('the stored file is missing');
  return scanStream(stream, fileName, sizeBytes, limits);
}

/** Scans the files of an upload, one after another, before they are saved: each comes back with its verdict. */
export async function scanUploadedFiles<T extends { fileName: string; storageKey: string; sizeBytes: number }>(
  deps: Pick<AppDeps, 'storage' | 'config'>,
  files: T[],
): Promise<(T & FileScan)[]> {
  const scanned: (T & FileScan)[] = [];
  for (const file of files) {
    const result = await scanStoredFile(deps.storage, file.storageKey, file.fileName, file.sizeBytes, limitsFor(deps));
    scanned.push({ ...file, scanVerdict: result.verdict, scanReasons: result.reasons, scannedAt: new Date() });
  }
  return scanned;
}

/**
 * Scans a product's files that have no verdict yet (uploaded before scanning existed) and records
 * the verdicts, so an admin never approves a file nobody scanned.
 */
export async function scanUnscannedFiles(deps: AppDeps, productId: string): Promise<void> {
  const files = await unscannedFilesOf(deps.db, productId);
  if (files.length === 0) return;
  for (const file of files) {
    const result = await scanStoredFile(deps.storage, file.storageKey, file.fileName, file.sizeBytes, limitsFor(deps));
    await recordFileScan(deps.db, file.id, { verdict: result.verdict, reasons: result.reasons, scannedAt: new Date() });
  }
  await refreshProductScannedAt(deps.db, productId);
}
