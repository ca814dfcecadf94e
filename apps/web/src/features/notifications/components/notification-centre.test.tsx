import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AppNotification } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { NotificationCentre } from './notification-centre';

const base: AppNotification = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-0000000000aa',
  type: 'request_accepted',
  title: 'Request accepted',
  message: 'stored English text',
  data: {
    donationId: '00000000-0000-4000-8000-0000000000d1',
    requestId: '00000000-0000-4000-8000-0000000000e1',
    actorName: 'Hotel Saravana',
    foodType: 'Lemon rice',
  },
  createdAt: new Date().toISOString(),
  isRead: false,
  readAt: null,
};

describe('NotificationCentre', () => {
  it('shows notifications from their data, marks all read and deletes with the seed toasts', async () => {
    const { calls } = mockApi({
      'GET /api/notifications': { body: { items: [base], nextCursor: null } },
      'GET /api/notifications/unread-count': { body: { unread: 1 } },
      'POST /api/notifications/read-all': { body: { updated: 1 } },
      [`DELETE /api/notifications/${base.id}`]: { status: 204 },
    });
    renderWithProviders(<NotificationCentre />);
    const item = await screen.findByTestId('notification');
    expect(item).toHaveTextContent('Hotel Saravana accepted your request for "Lemon rice".');
    expect(within(item).getByRole('link', { name: 'Request accepted' })).toHaveAttribute(
      'href',
      `/requests?focus=${base.data.requestId}`,
    );

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All notifications marked as read')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Delete notification' }));
    expect(await screen.findByText('Notification deleted')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/notifications/read-all',
        `DELETE /api/notifications/${base.id}`,
      ]),
    );
  });

  it('says so when marking all read fails', async () => {
    mockApi({
      'GET /api/notifications': { body: { items: [base], nextCursor: null } },
      'GET /api/notifications/unread-count': { body: { unread: 1 } },
      'POST /api/notifications/read-all': {
        status: 500,
        body: { error: 'x', code: 'INTERNAL_ERROR' },
      },
    });
    renderWithProviders(<NotificationCentre />);
    await screen.findByTestId('notification');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Error marking notifications as read')).toBeInTheDocument();
  });
});
