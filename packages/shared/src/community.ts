import { z } from 'zod';
import { pagedListSchema, pagingQueryFields } from './paging';

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

/** Threads, replies and reports: 20 a page, at most 50. */
export const FORUM_PAGING = { defaultLimit: 20, maxLimit: 50 };

export const threadListQuerySchema = z.object({
  category: z.string().trim().max(60, 'category is too long').optional(),
  q: z.string().trim().max(FORUM_SEARCH_MAX, `Search must be at most ${FORUM_SEARCH_MAX} characters`).optional(),
  ...pagingQueryFields(FORUM_PAGING),
});

// Response schemas: the API answers exactly these shapes (OpenAPI documents them, unknown fields are dropped).

export const forumCategorySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  thread_count: z.number().int(),
});
export type ForumCategory = z.output<typeof forumCategorySchema>;
export const forumCategoryListSchema = z.object({ categories: z.array(forumCategorySchema) });

export const forumAuthorSchema = z.object({ id: z.uuid(), name: z.string() });
export type ForumAuthor = z.output<typeof forumAuthorSchema>;

export const forumThreadSummarySchema = z.object({
  id: z.uuid(),
  category_id: z.uuid(),
  category_slug: z.string(),
  title: z.string(),
  author: forumAuthorSchema,
  product: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  reply_count: z.number().int(),
  is_pinned: z.boolean(),
  is_locked: z.boolean(),
  is_hidden: z.boolean(),
  created_at: z.string(),
  last_activity_at: z.string(),
});
export type ForumThreadSummary = z.output<typeof forumThreadSummarySchema>;

/** Bodies are raw markdown; the storefront renders them through a sanitiser. */
export const forumThreadSchema = forumThreadSummarySchema.extend({
  body: z.string(),
  edited_at: z.string().nullable(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_reply: z.boolean(),
  can_moderate: z.boolean(),
});
export type ForumThread = z.output<typeof forumThreadSchema>;

export const forumReplySchema = z.object({
  id: z.uuid(),
  thread_id: z.uuid(),
  body: z.string(),
  author: forumAuthorSchema,
  /** The author paid for the product the thread is about. */
  is_buyer: z.boolean(),
  is_hidden: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type ForumReply = z.output<typeof forumReplySchema>;

export const forumThreadListSchema = pagedListSchema('threads', forumThreadSummarySchema);
export type ForumThreadList = z.output<typeof forumThreadListSchema>;
export const forumThreadDetailSchema = pagedListSchema('replies', forumReplySchema).extend({ thread: forumThreadSchema });
export type ForumThreadDetail = z.output<typeof forumThreadDetailSchema>;

export const forumReportSchema = z.object({
  id: z.uuid(),
  reason: z.string(),
  reporter: forumAuthorSchema,
  thread_id: z.uuid(),
  reply_id: z.uuid().nullable(),
  excerpt: z.string(),
  created_at: z.string(),
});
export type ForumReport = z.output<typeof forumReportSchema>;
export const forumReportListSchema = pagedListSchema('reports', forumReportSchema);
export type ForumReportList = z.output<typeof forumReportListSchema>;
export const forumReportCreatedSchema = z.object({ id: z.uuid() });
export const forumReplyModerationResultSchema = z.object({ id: z.uuid(), is_hidden: z.boolean() });
