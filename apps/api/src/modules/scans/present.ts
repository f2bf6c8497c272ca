import type { OwnProduct, ScannedFile } from '@app/shared';
import { presentProduct } from '../catalog/present';
import type { ProductRow } from '../catalog/repository';
import type { ProductFileRow } from '../products/repository';

/** A product file with its scan, for its seller and the admins (never buyers). */
export function presentScannedFile(file: ProductFileRow): ScannedFile {
  return {
    id: file.id,
    file_name: file.fileName,
    content_type: file.contentType,
    size_bytes: file.sizeBytes,
    scan_verdict: file.scanVerdict,
    scan_reasons: file.scanReasons,
    scanned_at: file.scannedAt?.toISOString() ?? null,
  };
}

/** A seller's own product: the public view plus its files and their scans. */
export function presentOwnProduct(row: ProductRow, files: ProductFileRow[]): OwnProduct {
  return { ...presentProduct(row), files: files.map(presentScannedFile) };
}
