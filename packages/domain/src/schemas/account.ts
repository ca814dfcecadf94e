import { z } from 'zod';
import { collectionSchema } from './collection.js';
import { donationSchema } from './donation.js';
import { notificationSchema } from './notification.js';
import { requestSchema } from './request.js';
import { userProfileSchema } from './user.js';

// Stored rows exported as they are (sessions, the activity log, series, availability).
const storedRow = z.looseObject({});

/** GET /api/me/export: everything the platform holds about the signed-in user (a JSON file). */
export const myDataExportSchema = z.object({
  exportedAt: z.string(),
  profile: userProfileSchema,
  donations: z.array(donationSchema),
  requests: z.array(requestSchema),
  collections: z.array(collectionSchema),
  notifications: z.array(notificationSchema),
  sessions: z.array(storedRow),
  activityLog: z.array(storedRow),
  recurringDonations: z.array(storedRow),
  availability: storedRow.nullable(),
  calendarFeed: z.object({ createdAt: z.string() }).nullable(),
});
export type MyDataExport = z.infer<typeof myDataExportSchema>;
