import { z } from 'zod';
import { isoDateSchema } from './api';

/**
 * The safety scan of product files (apps/api/src/modules/scans): a verdict per stored file, with
 * the reasons for it. Sellers and admins see the reasons; buyers only see that (and when) a
 * product's files were scanned.
 */

export const SCAN_VERDICTS = ['clean', 'warning', 'dangerous'] as const;
export const scanVerdictSchema = z.enum(SCAN_VERDICTS);
export type ScanVerdict = z.output<typeof scanVerdictSchema>;

/** Stable codes of what a scan can find; clients translate by code (the English `message` is the fallback). */
export const SCAN_REASON_CODES = [
  'pickle_dangerous_global',
  'pickle_computed_global',
  'pickle_unknown_global',
  'pickle_extension_global',
  'pickle_malformed',
  'secret_private_key',
  'secret_aws_key',
  'secret_github_token',
  'secret_openai_key',
  'secret_stripe_key',
  'env_file',
  'native_executable',
  'autorun_entry',
  'safetensors_invalid',
  'gguf_invalid',
  'zip_unsafe_path',
  'not_fully_scanned',
] as const;
export type ScanReasonCode = (typeof SCAN_REASON_CODES)[number];

export const scanReasonSchema = z.object({
  code: z.enum(SCAN_REASON_CODES),
  /** A warning is for a person to judge; anything dangerous blocks approval until the file is replaced. */
  severity: z.enum(['warning', 'dangerous']),
  /** English, for logs and clients that do not know the code. */
  message: z.string(),
  /** What was found: a global such as "os.system", a masked key, a limit; null when there is nothing to add. */
  detail: z.string().nullable(),
  /** The member inside the file (zips nested in zips joined with "/"); null for the file itself. */
  member: z.string().nullable(),
});
export type ScanReason = z.output<typeof scanReasonSchema>;

/** A product file with its scan, as its seller and the admins see it (never buyers). */
export const scannedFileSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  /** null: not scanned yet (files uploaded before scanning existed are scanned when an admin opens them). */
  scan_verdict: scanVerdictSchema.nullable(),
  scan_reasons: z.array(scanReasonSchema),
  scanned_at: isoDateSchema.nullable(),
});
export type ScannedFile = z.output<typeof scannedFileSchema>;
