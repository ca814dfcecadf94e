/** The element id of a donation's card, so focus can move to it after an action. */
export function donationCardId(donationId: string): string {
  return `donation-card-${donationId}`;
}

/** The heading of the donor's own list: focus lands there after a deletion. */
export const MY_DONATIONS_HEADING_ID = 'my-donations-title';
