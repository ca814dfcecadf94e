import type { Role } from '@annasetu/domain';

/** Cache keys of the admin console, the only place they are written. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (filters: { role: Role | 'all'; search: string }) =>
    [...adminKeys.all, 'users', filters] as const,
  events: () => [...adminKeys.all, 'events'] as const,
  platformStats: () => [...adminKeys.all, 'platform-stats'] as const,
  sms: () => [...adminKeys.all, 'sms'] as const,
};
