import type { NotificationType } from '@annasetu/domain';
import {
  BellIcon,
  ChatIcon,
  CloseIcon,
  GiftIcon,
  InboxIcon,
  LeafIcon,
  TruckIcon,
} from '../../../components/ui/icons';

const ICONS: Record<NotificationType, typeof BellIcon> = {
  donation_request: InboxIcon,
  request_accepted: InboxIcon,
  request_rejected: CloseIcon,
  request_cancelled: CloseIcon,
  donation_grabbed: TruckIcon,
  donation_released: TruckIcon,
  incoming_delivery: TruckIcon,
  delivery_accepted: TruckIcon,
  delivery_completed: LeafIcon,
  donation_expired: GiftIcon,
  donation_deleted: GiftIcon,
  system: BellIcon,
  series_posted: GiftIcon,
  series_unclaimed: GiftIcon,
  coverage_alert: TruckIcon,
  coverage_unclaimed: BellIcon,
  pickup_reminder: BellIcon,
  pickup_released: TruckIcon,
  receipt_shortfall: BellIcon,
  pickup_message: ChatIcon,
};

/** A picture for each kind of notification, so a list can be scanned without reading. */
export function NotificationTypeIcon({ type }: { type: NotificationType }) {
  const Icon = ICONS[type] ?? BellIcon;
  return <Icon />;
}
