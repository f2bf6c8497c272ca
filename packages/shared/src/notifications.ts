import { z } from 'zod';
import { isoDateSchema } from './api';

/** Every kind of notification the server writes (the icon and colour it is shown with). */
export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The notification centre: the latest notifications and how many are unread. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  timestamp: isoDateSchema,
});
export type NotificationView = z.output<typeof notificationSchema>;

export const notificationListSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number() });
