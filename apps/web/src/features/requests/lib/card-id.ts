/** The element id of a request's card, so focus can move to it after an action. */
export function requestCardId(requestId: string): string {
  return `request-card-${requestId}`;
}

/** The heading of the requests list: focus lands there when the card left the list. */
export const REQUESTS_HEADING_ID = 'requests-list-title';
