/**
 * Signed-in pages, by path, with their route module (manifest key). The server answers these
 * paths with the app shell plus hints that start, before any script runs, what the page will
 * need: the signed-in layout's and the page's chunks, the reader's catalogue and `/api/me`
 * (decision 0047). A signed-in page missing here still works; it only loads in sequence.
 */
export const SHELL_LAYOUT_MODULE = 'src/app/layouts/app-layout.tsx';

export const SHELL_PAGES: { path: string; module: string }[] = [
  { path: '/dashboard', module: 'src/app/routes/dashboard.tsx' },
  { path: '/dashboard/nursery-poultry', module: 'src/app/routes/nursery-poultry.tsx' },
  { path: '/donations', module: 'src/app/routes/donations.tsx' },
  { path: '/requests', module: 'src/app/routes/requests.tsx' },
  { path: '/profile', module: 'src/app/routes/profile.tsx' },
  { path: '/analytics', module: 'src/app/routes/analytics.tsx' },
  { path: '/notifications', module: 'src/app/routes/notifications.tsx' },
  { path: '/chatbot', module: 'src/app/routes/chatbot.tsx' },
  { path: '/map', module: 'src/app/routes/map.tsx' },
  { path: '/training', module: 'src/app/routes/training.tsx' },
  { path: '/admin', module: 'src/app/routes/admin.tsx' },
];

/**
 * Signed-in pages (path and query, exactly) painted from the HTML before any script runs: the
 * build renders each for every role and language as it looks before its data arrives, and the
 * server fills in the reader's name (decision 0050). The profile and admin pages are left out:
 * they show the account's own figures and lists, which a frame rendered ahead cannot know.
 */
export const FIRST_FRAME_PAGES: string[] = [
  '/dashboard',
  '/dashboard/nursery-poultry',
  '/donations',
  '/donations?view=map',
  '/requests',
  '/analytics',
  '/notifications',
  '/chatbot',
  '/map',
];
