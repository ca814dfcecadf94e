import type { TFunction } from 'i18next';
import type { ActivityItem } from '../api/get-activity';

/** What an activity line says, from the user's side of it. */
export function activityText(item: ActivityItem, userId: string, t: TFunction): string {
  if (item.kind === 'donation') {
    const d = item.donation;
    return t('impact.activity.donated', {
      food: d.foodType,
      quantity: d.quantity,
      unit: t(`impact.units.${d.unit}`),
    });
  }
  const r = item.request;
  const values = {
    food: r.foodType,
    quantity: r.quantity,
    unit: t(`impact.units.${r.unit}`),
    donor: r.donorName,
    requester: r.requesterName,
    destination: r.destinationName ?? r.requesterName,
  };
  const done = r.status === 'fulfilled';
  if (r.volunteerId === userId) {
    // A volunteer's own grab names no receiver until a destination is chosen at collection:
    // the requester is the volunteer, who would be told they carry the food to themselves.
    const destination = r.destinationName ?? (r.requesterId === userId ? null : r.requesterName);
    if (!destination) return t('impact.activity.pickingUp', values);
    return t(done ? 'impact.activity.delivered' : 'impact.activity.carrying', {
      ...values,
      destination,
    });
  }
  if (r.destinationUserId === userId && r.requesterId !== userId) {
    return t(done ? 'impact.activity.received' : 'impact.activity.incoming', values);
  }
  if (r.requesterId === userId) return t('impact.activity.requested', values);
  if (r.volunteerName && r.donorId === userId) {
    const key = done ? 'impact.activity.volunteerDelivered' : 'impact.activity.volunteerOnYours';
    return t(key, { ...values, volunteer: r.volunteerName });
  }
  return t('impact.activity.requestOnYours', values);
}

/** The status of an activity line, whichever entity it is. */
export function activityStatus(item: ActivityItem): string {
  return item.kind === 'donation' ? item.donation.status : item.request.status;
}
