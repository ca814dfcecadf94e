import type { ActionKind } from './store';

/** The catalogue key naming each action: the button's own words where the app has them. */
export const ACTION_LABEL_KEYS: Record<ActionKind, string> = {
  grab: 'donations.actions.grab',
  release: 'requests.actions.release',
  collect: 'requests.actions.collect',
  complete: 'requests.actions.complete',
  confirmReceipt: 'requests.actions.confirmReceipt',
  acceptDelivery: 'requests.actions.acceptDelivery',
  acceptRequest: 'requests.actions.accept',
  rejectRequest: 'requests.actions.reject',
  postDonation: 'offline.action.postDonation',
  readNotification: 'notifications.markRead',
  threadMessage: 'thread.open',
  giveFeedback: 'feedback.rating',
};
