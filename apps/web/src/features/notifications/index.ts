// What other screens use from the notifications feature.
export { LatestNotifications } from './components/latest-notifications';
export { UnreadBadge } from './components/unread-badge';
export { useUnreadCount } from './api/get-unread-count';
