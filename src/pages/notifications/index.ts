/**
 * The notification screens. Not a CRUD resource (contract/resources.ts does not list it), so App mounts
 * them as custom routes: /notifications (what was sent) and /notifications/send.
 */
export { NotificationList, type SentNotification } from './NotificationList';
export { NotificationSend } from './NotificationSend';
export { RequireNotificationAccess, canAccessNotifications, notificationPermission, type NotificationAction } from './access';
