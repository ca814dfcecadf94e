import type { DestinationType } from '@annasetu/domain';

/** Cache key of the signed-in user; sign-in, sign-up, sign-out and profile edits write it. */
export const sessionKeys = {
  all: ['session'] as const,
};

/** Cache keys of the user directory the destination pickers read. */
export const userKeys = {
  all: ['users'] as const,
  byRole: (role: DestinationType) => [...userKeys.all, role] as const,
};
