import { z } from 'zod';

/** The community forum's contract: categories, threads, replies, reports and moderation. */

export const FORUM_TITLE_MIN = 5;
export const FORUM_TITLE_MAX = 150;
export const FORUM_BODY_MAX = 10_000;
export const FORUM_REPORT_REASON_MAX = 500;
/** Authors may edit their own posts for this long after posting. */
export const FORUM_EDIT_WINDOW_MINUTES = 30;
export const FORUM_SEARCH_MAX = 200;

function requiredText(required: string) {
  return z.string({ error: required }).trim().min(1, { error: required, abort: true });
}

const titleField = requiredText('Title is required')
  .min(FORUM_TITLE_MIN, `Title must be at least ${FORUM_TITLE_MIN} characters`)
  .max(FORUM_TITLE_MAX, `Title must be at most ${FORUM_TITLE_MAX} characters`);

const bodyField = requiredText('Message is required').max(FORUM_BODY_MAX, `Message must be at most ${FORUM_BODY_MAX} characters`);

const optionalUuid = (message: string) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), z.uuid({ error: message }).optional());

export const createThreadSchema = z.object({
  category_id: z.uuid({ error: 'Please choose a category' }),
  title: titleField,
  body: bodyField,
  /** The product the thread is about: replies from its buyers get a badge. */
  product_id: optionalUuid('Product not found'),
});
export type CreateThreadRequest = z.input<typeof createThreadSchema>;

export const updateThreadSchema = z.object({ title: titleField, body: bodyField });
export type UpdateThreadRequest = z.input<typeof updateThreadSchema>;

export const replySchema = z.object({ body: bodyField });
export type ReplyRequest = z.input<typeof replySchema>;

export const reportSchema = z
  .object({
    thread_id: optionalUuid('Thread not found'),
    reply_id: optionalUuid('Reply not found'),
    reason: requiredText('Please tell us what is wrong').max(
      FORUM_REPORT_REASON_MAX,
      `Reason must be at most ${FORUM_REPORT_REASON_MAX} characters`,
    ),
  })
  .refine((value) => Boolean(value.thread_id) !== Boolean(value.reply_id), {
    error: 'Report either a thread or a reply',
    path: ['thread_id'],
  });
export type ReportRequest = z.input<typeof reportSchema>;

export const threadModerationSchema = z
  .object({ is_hidden: z.boolean().optional(), is_locked: z.boolean().optional(), is_pinned: z.boolean().optional() })
  .refine((value) => Object.values(value).some((flag) => flag !== undefined), { error: 'Nothing to change' });
export type ThreadModerationRequest = z.input<typeof threadModerationSchema>;

export const replyModerationSchema = z.object({ is_hidden: z.boolean({ error: 'is_hidden must be true or false' }) });

export const threadListQuerySchema = z.object({
  category: z.string().trim().max(60, 'category is too long').optional(),
  q: z.string().trim().max(FORUM_SEARCH_MAX, `Search must be at most ${FORUM_SEARCH_MAX} characters`).optional(),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).default(1),
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(50, 'limit must be at most 50').default(20),
});

export interface ForumCategory {
  id: string;
  slug: string;
  name: string;
  description: string;
  thread_count: number;
}

export interface ForumAuthor {
  id: string;
  name: string;
}

export interface ForumThreadSummary {
  id: string;
  category_id: string;
  category_slug: string;
  title: string;
  author: ForumAuthor;
  product: { id: string; title: string } | null;
  reply_count: number;
  is_pinned: boolean;
  is_locked: boolean;
  is_hidden: boolean;
  created_at: string;
  last_activity_at: string;
}

/** Bodies are raw markdown; the storefront renders them through a sanitiser. */
export interface ForumThread extends ForumThreadSummary {
  body: string;
  edited_at: string | null;
  can_edit: boolean;
  can_delete: boolean;
  can_reply: boolean;
  can_moderate: boolean;
}

export interface ForumReply {
  id: string;
  thread_id: string;
  body: string;
  author: ForumAuthor;
  /** The author paid for the product the thread is about. */
  is_buyer: boolean;
  is_hidden: boolean;
  created_at: string;
  edited_at: string | null;
  can_edit: boolean;
  can_delete: boolean;
}

export interface ForumReport {
  id: string;
  reason: string;
  reporter: ForumAuthor;
  thread_id: string;
  reply_id: string | null;
  excerpt: string;
  created_at: string;
}
