import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import type { AdminSms } from '../api/admin-api';
import { SmsOverview } from './sms-overview';

const counts = (messages: number, parts: number, delivered: number, failed: number) => ({
  messages,
  segments: parts,
  waiting: 0,
  sent: messages - delivered - failed,
  delivered,
  failed,
});

function sms(overrides: Partial<AdminSms> = {}): AdminSms {
  return {
    on: true,
    dailyBudget: 1000,
    budgetLeft: 960,
    total: counts(40, 55, 30, 2),
    byKind: { otp: counts(10, 12, 9, 0), alert: counts(25, 38, 18, 2), reply: counts(5, 5, 3, 0) },
    whatsapp: {
      on: false,
      total: counts(0, 0, 0, 0),
      byKind: { alert: counts(0, 0, 0, 0), reply: counts(0, 0, 0, 0) },
    },
    ...overrides,
  };
}

describe('the admin view of text messages', () => {
  it('shows each kind, the parts billed and the budget left', async () => {
    mockApi({ 'GET /api/admin/sms': { body: sms() } });
    renderWithProviders(<SmsOverview />);
    expect(await screen.findByText('Text messages (SMS), last 24 hours')).toBeInTheDocument();
    expect(screen.getByText(/Budget left today: 960 of 1,000 messages/)).toBeInTheDocument();
    const alerts = screen.getByRole('heading', { name: 'Alerts' }).parentElement!;
    const figure = (label: string) =>
      within(alerts).getByText(label).parentElement!.querySelector('dd')!.textContent;
    expect(figure('Messages')).toBe('25');
    expect(figure('Parts billed')).toBe('38');
    expect(figure('Delivered')).toBe('18');
    expect(figure('Sent, no receipt yet')).toBe('5');
    expect(figure('Failed')).toBe('2');
  });

  it('marks a spent budget, and shows nothing where the server sends no SMS', async () => {
    mockApi({ 'GET /api/admin/sms': { body: sms({ budgetLeft: 0 }) } });
    const { unmount } = renderWithProviders(<SmsOverview />);
    const line = await screen.findByText(/Budget left today: 0 of 1,000/);
    expect(line).toHaveClass('alert--error');
    unmount();

    const api = mockApi({ 'GET /api/admin/sms': { body: sms({ on: false }) } });
    const { container } = renderWithProviders(<SmsOverview />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('[role="status"]')).toBeNull());
    expect(container.querySelector('section')).toBeNull();
    expect(screen.queryByText(/Budget left/)).toBeNull();
  });

  it('shows WhatsApp apart, without parts, also where there is no SMS', async () => {
    const whatsapp = {
      on: true,
      total: counts(9, 9, 6, 1),
      byKind: { alert: counts(7, 7, 5, 1), reply: counts(2, 2, 1, 0) },
    };
    mockApi({ 'GET /api/admin/sms': { body: sms({ on: false, whatsapp }) } });
    renderWithProviders(<SmsOverview />);
    const section = (
      await screen.findByRole('heading', { name: 'WhatsApp messages, last 24 hours' })
    ).parentElement!;
    expect(screen.queryByText('Text messages (SMS), last 24 hours')).toBeNull();
    const alerts = within(section).getByRole('heading', { name: 'Alerts' }).parentElement!;
    const figure = (label: string) =>
      within(alerts).getByText(label).parentElement!.querySelector('dd')!.textContent;
    expect(figure('Messages')).toBe('7');
    expect(figure('Delivered')).toBe('5');
    expect(within(section).queryByText('Parts billed')).toBeNull();
  });
});
