import type { ForumReply, ForumThread, ReportRequest, ThreadModerationRequest, UpdateThreadRequest } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';

/** Every change to a thread or reply: one place so each refreshes the forum's cached lists. */

export function createReply(threadId: string, body: string): Promise<ForumReply> {
  return api.post<ForumReply>(`/community/threads/${encodeURIComponent(threadId)}/replies`, { body });
}

export function updateThread(threadId: string, body: UpdateThreadRequest): Promise<ForumThread> {
  return apiRequest<ForumThread>(`/community/threads/${encodeURIComponent(threadId)}`, { method: 'PATCH', body });
}

export function updateReply(replyId: string, body: string): Promise<ForumReply> {
  return apiRequest<ForumReply>(`/community/replies/${encodeURIComponent(replyId)}`, { method: 'PATCH', body: { body } });
}

export function deleteThread(threadId: string): Promise<void> {
  return api.delete<void>(`/community/threads/${encodeURIComponent(threadId)}`);
}

export function deleteReply(replyId: string): Promise<void> {
  return api.delete<void>(`/community/replies/${encodeURIComponent(replyId)}`);
}

export function reportPost(body: ReportRequest): Promise<{ id: string }> {
  return api.post<{ id: string }>('/community/reports', body);
}

export function moderateThread(threadId: string, body: ThreadModerationRequest): Promise<ForumThread> {
  return apiRequest<ForumThread>(`/community/threads/${encodeURIComponent(threadId)}/moderation`, { method: 'PATCH', body });
}

export function moderateReply(replyId: string, isHidden: boolean): Promise<{ id: string; is_hidden: boolean }> {
  return apiRequest(`/community/replies/${encodeURIComponent(replyId)}/moderation`, {
    method: 'PATCH',
    body: { is_hidden: isHidden },
  });
}

/** A mutation that refreshes every forum query when it succeeds. */
export function useForumMutation<TArgs, TResult>(run: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['community'] }),
  });
}
