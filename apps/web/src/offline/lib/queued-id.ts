import type { QueuedAction } from './store';

/** The prefix of the ids the device makes up for requests that waiting grabs will create. */
export const QUEUED_ID_PREFIX = 'queued-';

/**
 * The id the device gives the request a waiting grab will create. Actions taken on that request
 * before the grab is sent (collect, mark delivered) carry it, and it is replaced by the real id
 * when the grab's answer arrives.
 */
export function queuedRequestId(grabKey: string): string {
  return `${QUEUED_ID_PREFIX}${grabKey}`;
}

/** True for a request id the device made up for a waiting grab. */
export function isQueuedRequestId(id: string): boolean {
  return id.startsWith(QUEUED_ID_PREFIX);
}

/** Whether an action refers to the request of the grab with `grabKey`. */
export function dependsOn(action: QueuedAction, grabKey: string): boolean {
  const id = queuedRequestId(grabKey);
  return action.targetIds.includes(id) || action.path.includes(id);
}

/** The action with the made-up request id replaced by the real one, everywhere it occurs. */
export function withRequestId(
  action: QueuedAction,
  placeholder: string,
  real: string,
): QueuedAction {
  const swap = (value: string) => value.split(placeholder).join(real);
  return {
    ...action,
    path: swap(action.path),
    targetIds: action.targetIds.map(swap),
    ...(action.body === undefined
      ? {}
      : { body: JSON.parse(swap(JSON.stringify(action.body))) as unknown }),
  };
}
