import {
  FORUM_EDIT_WINDOW_MINUTES,
  type ForumCategory,
  type ForumReply,
  type ForumReport,
  type ForumThread,
  type ForumThreadSummary,
  hasRole,
} from '@app/shared';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pagedList, pageOffset } from '../../lib/paging';
import { notifyUser } from '../notifications/service';
import { hasPaidFor } from '../reviews/repository';
import type { UserRow } from '../users/repository';
import {
  countRecentPosts,
  deleteReplyRow,
  deleteThreadRow,
  findCategory,
  findProductTitle,
  findVisibleThread,
  insertReply,
  insertReport,
  insertThread,
  listCategories,
  listOpenReports,
  listReplies,
  listThreads,
  lockReply,
  lockThread,
  type ReplyRow,
  resolveReport,
  setReplyHidden,
  setThreadFlags,
  setThreadLastActivity,
  type ThreadListRow,
  type ThreadRow,
  updateReplyBody,
  updateThreadText,
  type Viewer,
} from './repository';

const MODERATOR_ROLES = ['admin', 'simple_admin'];
const THREAD_NOT_FOUND = 'Thread not found';
const REPLY_NOT_FOUND = 'Reply not found';
const NOT_YOURS = 'You can only change your own posts.';
const LOCKED = 'This thread is locked. New replies and edits are closed.';
const HIDDEN = 'A moderator has hidden this thread. New replies are closed.';
const EDIT_WINDOW_OVER = `Posts can only be edited within ${FORUM_EDIT_WINDOW_MINUTES} minutes of posting.`;
const TOO_FAST = 'You are posting too quickly. Please wait a minute and try again.';

export function isModerator(user: UserRow | null): boolean {
  return user !== null && hasRole(user.role, MODERATOR_ROLES);
}

function viewerOf(user: UserRow | null): Viewer {
  return { id: user?.id ?? null, moderator: isModerator(user) };
}

function displayName(user: UserRow): string {
  return `${user.firstName} ${user.lastName.charAt(0)}.`;
}

function withinEditWindow(createdAt: Date): boolean {
  return Date.now() - createdAt.getTime() <= FORUM_EDIT_WINDOW_MINUTES * 60_000;
}

function presentSummary(row: ThreadListRow): ForumThreadSummary {
  const { thread } = row;
  return {
    id: thread.id,
    category_id: thread.categoryId,
    category_slug: row.categorySlug,
    title: thread.title,
    author: { id: thread.authorId, name: row.authorName },
    product: thread.productId && row.productTitle ? { id: thread.productId, title: row.productTitle } : null,
    reply_count: row.replyCount,
    is_pinned: thread.isPinned,
    is_locked: thread.isLocked,
    is_hidden: thread.isHidden,
    created_at: thread.createdAt.toISOString(),
    last_activity_at: thread.lastActivityAt.toISOString(),
  };
}

function presentThread(row: ThreadListRow, user: UserRow | null): ForumThread {
  const { thread } = row;
  const mine = user?.id === thread.authorId;
  const moderator = isModerator(user);
  return {
    ...presentSummary(row),
    body: thread.body,
    edited_at: thread.editedAt?.toISOString() ?? null,
    can_edit: mine && !thread.isLocked && withinEditWindow(thread.createdAt),
    can_delete: mine,
    can_reply: user !== null && (moderator || (!thread.isLocked && !thread.isHidden)),
    can_moderate: moderator,
  };
}

function presentReply(
  reply: ReplyRow,
  authorName: string,
  isBuyer: boolean,
  thread: ThreadRow,
  user: UserRow | null,
): ForumReply {
  const mine = user?.id === reply.authorId;
  return {
    id: reply.id,
    thread_id: reply.threadId,
    body: reply.body,
    author: { id: reply.authorId, name: authorName },
    is_buyer: isBuyer,
    is_hidden: reply.isHidden,
    created_at: reply.createdAt.toISOString(),
    edited_at: reply.editedAt?.toISOString() ?? null,
    can_edit: mine && !thread.isLocked && withinEditWindow(reply.createdAt),
    can_delete: mine,
  };
}

/** The forum's sections with how many visible threads each holds. */
export async function getCategories(deps: AppDeps): Promise<{ categories: ForumCategory[] }> {
  const rows = await listCategories(deps.db);
  return {
    categories: rows.map(({ category, threadCount }) => ({
      id: category.id,
      slug: category.slug,
      name: category.name,
      description: category.description,
      thread_count: threadCount,
    })),
  };
}

/** A page of threads, optionally in one category and matching a full-text search. */
export async function getThreads(
  deps: AppDeps,
  user: UserRow | null,
  query: { category?: string; q?: string; page: number; limit: number },
) {
  const { rows, total } = await listThreads(deps.db, viewerOf(user), {
    categorySlug: query.category || undefined,
    query: query.q || undefined,
    limit: query.limit,
    offset: pageOffset(query),
  });
  return pagedList('threads', rows.map(presentSummary), total, query);
}

/** A thread and a page of its replies; hidden posts only for moderators and their authors. */
export async function getThread(deps: AppDeps, user: UserRow | null, threadId: string, page: number, limit: number) {
  const viewer = viewerOf(user);
  const row = await findVisibleThread(deps.db, viewer, threadId);
  if (!row) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  const { rows, total } = await listReplies(deps.db, viewer, row.thread, limit, pageOffset({ page, limit }));
  const replies = rows.map((r) => presentReply(r.reply, r.authorName, r.isBuyer, row.thread, user));
  return { thread: presentThread(row, user), ...pagedList('replies', replies, total, { page, limit }) };
}

async function threadFor(deps: AppDeps, user: UserRow, threadId: string): Promise<ForumThread> {
  const row = await findVisibleThread(deps.db, viewerOf(user), threadId);
  if (!row) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  return presentThread(row, user);
}

/** Starts a thread; members may post a few per minute. */
export async function createThread(
  deps: AppDeps,
  user: UserRow,
  input: { category_id: string; title: string; body: string; product_id?: string },
) {
  if (!(await findCategory(deps.db, input.category_id))) {
    throw new AppError('VALIDATION_FAILED', 'Please choose a category', [
      { field: 'category_id', message: 'Please choose a category' },
    ]);
  }
  if (input.product_id && !(await findProductTitle(deps.db, input.product_id))) {
    throw new AppError('VALIDATION_FAILED', 'Product not found', [{ field: 'product_id', message: 'Product not found' }]);
  }
  const id = await deps.db.transaction(async (tx) => {
    if ((await countRecentPosts(tx, user.id, 'thread')) >= deps.config.community.threadsPerMinute) {
      throw new AppError('RATE_LIMITED', TOO_FAST);
    }
    return insertThread(tx, {
      categoryId: input.category_id,
      authorId: user.id,
      productId: input.product_id ?? null,
      title: input.title,
      body: input.body,
    });
  });
  return threadFor(deps, user, id);
}

/** The author edits title and body within the edit window, unless the thread is locked. */
export async function updateThread(deps: AppDeps, user: UserRow, threadId: string, input: { title: string; body: string }) {
  await deps.db.transaction(async (tx) => {
    const thread = await editableThread(tx, user, threadId);
    if (thread.isLocked) throw new AppError('FORBIDDEN', LOCKED);
    if (!withinEditWindow(thread.createdAt)) throw new AppError('FORBIDDEN', EDIT_WINDOW_OVER);
    await updateThreadText(tx, thread.id, { title: input.title, body: input.body });
  });
  return threadFor(deps, user, threadId);
}

/** The author deletes their thread and, with it, its replies. */
export async function deleteThread(deps: AppDeps, user: UserRow, threadId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const thread = await editableThread(tx, user, threadId);
    await deleteThreadRow(tx, thread.id);
  });
}

/** Locks a thread the user can see; 404 if they cannot, 403 if it is someone else's. */
async function editableThread(tx: Tx, user: UserRow, threadId: string): Promise<ThreadRow> {
  const thread = await lockThread(tx, threadId);
  if (!thread || !canSee(user, thread.isHidden, thread.authorId)) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  if (thread.authorId !== user.id) throw new AppError('FORBIDDEN', NOT_YOURS);
  return thread;
}

function canSee(user: UserRow | null, hidden: boolean, authorId: string): boolean {
  return !hidden || isModerator(user) || user?.id === authorId;
}

/** Replies to a thread that is open (moderators may reply anywhere) and tells its author. */
export async function createReply(deps: AppDeps, user: UserRow, threadId: string, body: string): Promise<ForumReply> {
  const { reply, thread } = await deps.db.transaction(async (tx) => {
    const thread = await lockThread(tx, threadId);
    if (!thread || !canSee(user, thread.isHidden, thread.authorId)) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
    if (!isModerator(user) && thread.isLocked) throw new AppError('FORBIDDEN', LOCKED);
    if (!isModerator(user) && thread.isHidden) throw new AppError('FORBIDDEN', HIDDEN);
    if ((await countRecentPosts(tx, user.id, 'reply')) >= deps.config.community.repliesPerMinute) {
      throw new AppError('RATE_LIMITED', TOO_FAST);
    }
    const reply = await insertReply(tx, { threadId: thread.id, authorId: user.id, body });
    await setThreadLastActivity(tx, thread.id, reply.createdAt);
    if (thread.authorId !== user.id) {
      await notifyUser(
        deps,
        thread.authorId,
        (m) => ({
          title: m.notifications.threadReply.title,
          message: m.notifications.threadReply.message(displayName(user), thread.title),
          link: `/community/threads/${thread.id}`,
        }),
        { db: tx },
      );
    }
    return { reply, thread };
  });
  const isBuyer = thread.productId ? await hasPaidFor(deps.db, user.id, thread.productId) : false;
  return presentReply(reply, displayName(user), isBuyer, thread, user);
}

/** Locks a reply and its thread for a change by the reply's author. */
async function ownReply(tx: Tx, user: UserRow, replyId: string) {
  const reply = await lockReply(tx, replyId);
  const thread = reply ? await lockThread(tx, reply.threadId) : undefined;
  if (!reply || !thread || !canSee(user, reply.isHidden, reply.authorId) || !canSee(user, thread.isHidden, thread.authorId)) {
    throw new AppError('NOT_FOUND', REPLY_NOT_FOUND);
  }
  if (reply.authorId !== user.id) throw new AppError('FORBIDDEN', NOT_YOURS);
  return { reply, thread };
}

/** The author edits a reply within the edit window, unless the thread is locked. */
export async function updateReply(deps: AppDeps, user: UserRow, replyId: string, body: string): Promise<ForumReply> {
  return deps.db.transaction(async (tx) => {
    const { reply, thread } = await ownReply(tx, user, replyId);
    if (thread.isLocked) throw new AppError('FORBIDDEN', LOCKED);
    if (!withinEditWindow(reply.createdAt)) throw new AppError('FORBIDDEN', EDIT_WINDOW_OVER);
    const updated = await updateReplyBody(tx, reply.id, body);
    if (!updated) throw new AppError('NOT_FOUND', REPLY_NOT_FOUND);
    const isBuyer = thread.productId ? await hasPaidFor(tx, user.id, thread.productId) : false;
    return presentReply(updated, displayName(user), isBuyer, thread, user);
  });
}

export async function deleteReply(deps: AppDeps, user: UserRow, replyId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { reply } = await ownReply(tx, user, replyId);
    await deleteReplyRow(tx, reply.id);
  });
}

/** Moderators hide, lock or pin a thread. */
export async function moderateThread(
  deps: AppDeps,
  user: UserRow,
  threadId: string,
  flags: { is_hidden?: boolean; is_locked?: boolean; is_pinned?: boolean },
): Promise<ForumThread> {
  const found = await setThreadFlags(deps.db, threadId, {
    ...(flags.is_hidden !== undefined && { isHidden: flags.is_hidden }),
    ...(flags.is_locked !== undefined && { isLocked: flags.is_locked }),
    ...(flags.is_pinned !== undefined && { isPinned: flags.is_pinned }),
  });
  if (!found) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  return threadFor(deps, user, threadId);
}

/** Moderators hide or show a reply. */
export async function moderateReply(
  deps: AppDeps,
  replyId: string,
  hidden: boolean,
): Promise<{ id: string; is_hidden: boolean }> {
  const row = await setReplyHidden(deps.db, replyId, hidden);
  if (!row) throw new AppError('NOT_FOUND', REPLY_NOT_FOUND);
  return { id: row.id, is_hidden: row.isHidden };
}

/** A member reports a post they can see, once. */
export async function reportPost(
  deps: AppDeps,
  user: UserRow,
  input: { thread_id?: string; reply_id?: string; reason: string },
): Promise<{ id: string }> {
  return deps.db.transaction(async (tx) => {
    let threadId = input.thread_id;
    let replyId: string | null = null;
    if (input.reply_id) {
      const reply = await lockReply(tx, input.reply_id);
      if (!reply || !canSee(user, reply.isHidden, reply.authorId)) throw new AppError('NOT_FOUND', REPLY_NOT_FOUND);
      threadId = reply.threadId;
      replyId = reply.id;
    }
    const thread = threadId ? await lockThread(tx, threadId) : undefined;
    if (!thread || !canSee(user, thread.isHidden, thread.authorId)) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
    const row = await insertReport(tx, { reporterId: user.id, threadId: thread.id, replyId, reason: input.reason });
    if (!row) throw new AppError('CONFLICT', 'You have already reported this post.');
    return row;
  });
}

/** Open reports, newest first, for moderators. */
export async function getOpenReports(deps: AppDeps, page: number, limit: number) {
  const { rows, total } = await listOpenReports(deps.db, limit, pageOffset({ page, limit }));
  const reports: ForumReport[] = rows.map(({ report, reporterName, excerpt }) => ({
    id: report.id,
    reason: report.reason,
    reporter: { id: report.reporterId, name: reporterName },
    thread_id: report.threadId,
    reply_id: report.replyId,
    excerpt,
    created_at: report.createdAt.toISOString(),
  }));
  return pagedList('reports', reports, total, { page, limit });
}

export async function closeReport(deps: AppDeps, user: UserRow, reportId: string): Promise<void> {
  if (!(await resolveReport(deps.db, reportId, user.id))) throw new AppError('NOT_FOUND', 'Report not found');
}
