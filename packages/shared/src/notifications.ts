import { z } from 'zod';
import { isoDateSchema } from './api';

/** The notification centre: the latest notifications and how many are unread. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  timestamp: isoDateSchema,
});
export type NotificationView = z.output<typeof notificationSchema>;

export const notificationListSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number() });
