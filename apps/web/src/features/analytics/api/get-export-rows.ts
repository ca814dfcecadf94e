import {
  isDonorRole,
  type DonationPage,
  type FoodRequestPage,
  type UserProfile,
} from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import { exportRecords, type ExportRecord } from '../lib/csv';

const PAGE_SIZE = 100;
// A safety stop: 50 pages of 100 is more than any real account holds.
const MAX_PAGES = 50;

async function allPages<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const separator = path.includes('?') ? '&' : '?';
    const url: string = `${path}${separator}limit=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer: { items: T[]; nextCursor: string | null } = await api.get(url);
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return items;
}

/** The user's own donations and deliveries, as rows of the impact CSV. */
export async function getExportRecords(user: UserProfile): Promise<ExportRecord[]> {
  const [donations, requests] = await Promise.all([
    isDonorRole(user.role)
      ? allPages<DonationPage['items'][number]>('/api/donations/mine')
      : Promise.resolve([]),
    allPages<FoodRequestPage['items'][number]>('/api/requests?filter=all'),
  ]);
  return exportRecords(donations, requests, user.id);
}
