import { z } from 'zod';
import { isoDateSchema } from './api';
import { pagedListSchema } from './paging';
import { scannedFileSchema } from './scans';

/**
 * Versions of a product (a label, a markdown changelog and a new file set) and revisions (a
 * seller's edit of an approved product), both reviewed by an admin while the approved listing
 * stays on sale (docs/decisions/0038).
 */

/** The label of a product's first version: every product without versions is at it (nothing stored). */
export const BASE_VERSION_LABEL = '1.0';
export const VERSION_LABEL_MAX = 30;
export const CHANGELOG_MAX = 10_000;
/** The most characters a small text fix may change and still publish without review (the admin's setting). */
export const MINOR_EDIT_MAX_CHARS_LIMIT = 500;

export const VERSION_MESSAGES = {
  labelRequired: 'Give the version a label, such as 1.1',
  labelFormat: 'A version label is 1 to 30 letters, digits, dots, dashes, pluses or underscores, such as 1.1 or 2.0-beta',
  changelogRequired: 'Describe what changed in this version (at least 3 characters)',
  changelogTooLong: 'The changelog is limited to 10,000 characters',
  filesRequired: 'Add the files of the new version',
  onlyFiles: 'A version carries files only: change images and the video by editing the product',
  notApproved: 'Only an approved product can get a new version: edit the product instead',
  pendingExists: 'A version of this product is already waiting for review',
  labelTaken: 'This product already has a version with this label',
  versionNotFound: 'Version not found',
  revisionNotFound: 'Change not found',
  alreadyRejected: 'This change was already rejected',
  alreadyApproved: 'This change was already approved',
  productNotLive: 'The product is no longer on sale, so this change cannot be approved',
  noFiles: 'A version with no files cannot be approved: buyers would have nothing new to download',
  dangerousFile: 'A file of this change failed the safety scan: it cannot be approved until the seller replaces it',
  minorEditRange: 'Give a whole number of characters from 0 to 500',
  versionSubmitted: 'Version submitted for review; buyers keep the current version until it is approved',
  versionApproved: 'Version approved',
  versionRejected: 'Version rejected',
  revisionApproved: 'Changes approved and live',
  revisionRejected: 'Changes rejected',
  settingsSaved: 'Review settings saved',
  editSentForReview: 'Your changes were sent for review; the product stays on sale as it is until they are approved',
  editPublished: 'Your small fix is live',
} as const;

export const versionLabelSchema = z
  .string({ error: VERSION_MESSAGES.labelRequired })
  .trim()
  .min(1, VERSION_MESSAGES.labelRequired)
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,29}$/, VERSION_MESSAGES.labelFormat);

/** The text fields of the version form (multipart; the files come as `files`). */
export const versionFormSchema = z.object({
  label: versionLabelSchema,
  changelog: z
    .string({ error: VERSION_MESSAGES.changelogRequired })
    .trim()
    .min(3, VERSION_MESSAGES.changelogRequired)
    .max(CHANGELOG_MAX, VERSION_MESSAGES.changelogTooLong),
});
export type VersionForm = z.input<typeof versionFormSchema>;

export const CHANGE_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** A version as its seller and the admins see it (the implicit first version has id null). */
export const productVersionSchema = z.object({
  id: z.string().nullable(),
  label: z.string(),
  changelog: z.string(),
  status: z.enum(CHANGE_STATUSES),
  rejection_reason: z.string().nullable(),
  /** When it went on sale (approved); null while it waits or after a rejection. */
  released_at: isoDateSchema.nullable(),
  created_at: isoDateSchema,
  files: z.array(scannedFileSchema),
});
export type ProductVersionView = z.output<typeof productVersionSchema>;

export const sellerVersionsSchema = z.object({
  current_label: z.string(),
  versions: z.array(productVersionSchema),
  /** The seller's edit waiting for review, if any. */
  pending_revision: z.object({ id: z.string(), created_at: isoDateSchema, fields: z.array(z.string()) }).nullable(),
});
export type SellerVersions = z.output<typeof sellerVersionsSchema>;

export const versionSubmittedSchema = z.object({ message: z.string(), version: productVersionSchema });
export type VersionSubmitted = z.output<typeof versionSubmittedSchema>;

/** The product page's version history: the released versions, newest first. */
export const versionHistorySchema = z.object({
  current: z.object({ label: z.string(), released_at: isoDateSchema }),
  versions: z.array(z.object({ label: z.string(), changelog: z.string(), released_at: isoDateSchema })),
});
export type VersionHistory = z.output<typeof versionHistorySchema>;

/** One file of a file-set diff. */
export const diffFileSchema = z.object({ file_name: z.string(), size_bytes: z.number() });
export const fileDiffSchema = z.object({
  added: z.array(diffFileSchema),
  removed: z.array(diffFileSchema),
  changed: z.array(z.object({ file_name: z.string(), before_bytes: z.number(), after_bytes: z.number() })),
  unchanged: z.array(diffFileSchema),
});
export type FileDiff = z.output<typeof fileDiffSchema>;

const changeProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  seller_name: z.string(),
  status: z.enum(CHANGE_STATUSES),
});

/** A version under review: the changelog and the file names and sizes against the current version. */
export const adminVersionReviewSchema = z.object({
  product: changeProductSchema,
  version: productVersionSchema,
  current: z.object({ label: z.string(), released_at: isoDateSchema.nullable() }),
  file_diff: fileDiffSchema,
});
export type AdminVersionReview = z.output<typeof adminVersionReviewSchema>;

export const REVISION_FIELDS = [
  'title',
  'short_description',
  'description',
  'price',
  'suggested_price',
  'original_price',
  'category',
  'license',
  'card',
  'tags',
  'images',
  'demo_video',
] as const;
export type RevisionField = (typeof REVISION_FIELDS)[number];

const diffValueSchema = z.union([z.string(), z.number(), z.array(z.string())]).nullable();
export const fieldChangeSchema = z.object({ field: z.enum(REVISION_FIELDS), before: diffValueSchema, after: diffValueSchema });
export type FieldChange = z.output<typeof fieldChangeSchema>;

/** An edit under review: each changed field before and after, and the files it adds or removes. */
export const adminRevisionReviewSchema = z.object({
  id: z.string(),
  status: z.enum(CHANGE_STATUSES),
  rejection_reason: z.string().nullable(),
  auto_published: z.boolean(),
  created_at: isoDateSchema,
  product: changeProductSchema,
  changes: z.array(fieldChangeSchema),
  added_files: z.array(scannedFileSchema),
  removed_files: z.array(scannedFileSchema),
});
export type AdminRevisionReview = z.output<typeof adminRevisionReviewSchema>;

/** One entry of the admins' queue of changes to live products. */
export const pendingChangeSchema = z.object({
  kind: z.enum(['version', 'revision']),
  id: z.string(),
  product_id: z.string(),
  product_title: z.string(),
  seller_name: z.string(),
  /** The version's label; null for an edit. */
  label: z.string().nullable(),
  created_at: isoDateSchema,
});
export type PendingChange = z.output<typeof pendingChangeSchema>;
export const pendingChangeListSchema = pagedListSchema('changes', pendingChangeSchema);
export type PendingChangeList = z.output<typeof pendingChangeListSchema>;

/** The seller's products with a change waiting for review (the seller's product list marks them). */
export const sellerPendingChangesSchema = z.object({
  products: z.array(z.object({ product_id: z.string(), edit: z.boolean(), version_label: z.string().nullable() })),
});
export type SellerPendingChanges = z.output<typeof sellerPendingChangesSchema>;

export const changeDecisionSchema = z.object({ message: z.string(), status: z.enum(CHANGE_STATUSES) });
export type ChangeDecision = z.output<typeof changeDecisionSchema>;

export const productReviewSettingsSchema = z.object({
  minor_edit_max_chars: z.coerce
    .number({ error: VERSION_MESSAGES.minorEditRange })
    .int(VERSION_MESSAGES.minorEditRange)
    .min(0, VERSION_MESSAGES.minorEditRange)
    .max(MINOR_EDIT_MAX_CHARS_LIMIT, VERSION_MESSAGES.minorEditRange),
});
export type ProductReviewSettings = z.output<typeof productReviewSettingsSchema>;
