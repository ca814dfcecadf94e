import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, postDonation, requestDonation } from '../support/api';
import { DESKTOP, PHONE, openPage, slowed } from '../support/browser';
import {
  chooseDeviceLanguage,
  registerThroughUi,
  trackPosition,
  waitForPageSettled,
} from '../support/flows';
import { seriousViolations } from '../support/axe';
import { baseUrl, browserSuite } from '../support/suite';

/** Follows an in-app link the way a person does (no page load). */
async function goClientSide(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

interface MeBody {
  user: { emailNotifications: boolean };
}

async function badgeText(page: Page): Promise<string | null> {
  const badge = page.locator('.bell [data-testid="unread-badge"] [aria-hidden="true"]');
  return (await badge.count()) ? badge.textContent() : null;
}

browserSuite(
  'notifications',
  ({ browser }) => {
    it('the donor sees the badge go up live when a receiver requests, without a reload', async () => {
      const donor = await openPage(browser(), baseUrl);
      const receiver = await openPage(browser(), baseUrl);
      try {
        await registerThroughUi(donor.page, 'restaurant');
        await registerThroughUi(receiver.page, 'foodbank');
        const donationId = await postDonation(donor.page, 'Veg biryani');
        await donor.page.evaluate(() => {
          (window as unknown as { __noReload: boolean }).__noReload = true;
        });
        // The stream is open before the request is made.
        await expect
          .poll(() => donor.page.getByTestId('live-status').getAttribute('data-state'))
          .toBe('open');
        expect(await badgeText(donor.page)).toBeNull();

        const started = Date.now();
        await requestDonation(receiver.page, donationId);
        await expect.poll(() => badgeText(donor.page), { timeout: slowed(5_000) }).toBe('1');
        console.log(`Badge updated ${Date.now() - started} ms after the request`);
        expect(
          await donor.page.evaluate(
            () => (window as unknown as { __noReload?: boolean }).__noReload,
          ),
        ).toBe(true);
        // The sidebar badge follows too.
        await expect
          .poll(() =>
            donor.page
              .getByRole('navigation', { name: 'Main' })
              .getByRole('link', { name: /Notifications.*1 unread notification/ })
              .count(),
          )
          .toBe(1);
      } finally {
        await donor.context.close();
        await receiver.context.close();
      }
    });

    it('turns email notifications on from the notifications page; the profile shows and turns them off', async () => {
      const { context, page } = await openPage(browser(), baseUrl);
      try {
        await registerThroughUi(page, 'restaurant');
        await goClientSide(page, '/notifications');
        await waitForPageSettled(page);
        const box = page.getByRole('checkbox', {
          name: 'Also send me every notification by email',
        });
        expect(await box.isChecked()).toBe(false);
        await box.check();
        await expect
          .poll(() => page.locator('#email-settings-state').textContent())
          .toMatch(/^On: each notification is also emailed to restaurant\..*@/);
        await expect
          .poll(
            async () =>
              (await callApi<MeBody>(page, 'GET', '/api/me')).body.user.emailNotifications,
          )
          .toBe(true);

        // The same setting on the profile, after a reload.
        await page.goto('/profile');
        const onProfile = page.getByRole('checkbox', {
          name: 'Also send me every notification by email',
        });
        await expect.poll(() => onProfile.isChecked()).toBe(true);
        await waitForPageSettled(page);
        await onProfile.uncheck();
        await expect
          .poll(
            async () =>
              (await callApi<MeBody>(page, 'GET', '/api/me')).body.user.emailNotifications,
          )
          .toBe(false);
        await expect
          .poll(() => page.locator('#email-settings-state').textContent())
          .toContain('Off:');
      } finally {
        await context.close();
      }
    });

    it('on a phone, the email checkbox stays where it first appears while the push panel above loads', async () => {
      const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
      try {
        await registerThroughUi(page, 'restaurant');
        const box = await trackPosition(page, '.email-settings input[type="checkbox"]');
        await goClientSide(page, '/notifications');
        await waitForPageSettled(page);
        await expect
          .poll(() => page.getByTestId('push-state').getAttribute('data-state'))
          .toBe('none');
        expect(await box.positions()).toHaveLength(1);
      } finally {
        await context.close();
      }
    });

    it('lists, filters, marks read, marks all read and deletes notifications', async () => {
      const donor = await openPage(browser(), baseUrl);
      const receiver = await openPage(browser(), baseUrl);
      try {
        await registerThroughUi(donor.page, 'restaurant');
        const receiverAccount = await registerThroughUi(receiver.page, 'foodbank');
        const first = await postDonation(donor.page, 'Paneer curry');
        const second = await postDonation(donor.page, 'Chapati');
        await requestDonation(receiver.page, first);
        await requestDonation(receiver.page, second);

        const page = donor.page;
        await page
          .getByRole('link', { name: /^Notifications/ })
          .first()
          .click();
        await page.waitForURL('**/notifications');
        const items = page.getByTestId('notification');
        await expect.poll(() => items.count()).toBe(2);
        // Newest first, written from the type and data.
        await expect
          .poll(() => items.first().textContent())
          .toContain(`${receiverAccount.name} Org asked for "Chapati".`);
        expect(
          await items.first().getByRole('link', { name: 'New request' }).getAttribute('href'),
        ).toMatch(/^\/requests\?focus=/);

        // Filter: only the kinds that can reach a donor; a type with nothing, then these two's.
        expect(
          await page.locator('#notification-filter option[value="request_accepted"]').count(),
        ).toBe(0);
        await page.getByLabel('Show').selectOption('donation_expired');
        await expect.poll(() => page.getByText('No notifications of this kind').count()).toBe(1);
        await page.getByLabel('Show').selectOption('donation_request');
        await expect.poll(() => items.count()).toBe(2);
        await page.getByLabel('Show').selectOption('all');

        // Mark one read: its unread dot goes and the badge counts one.
        await items.first().getByRole('button', { name: 'Mark as read' }).click();
        await expect.poll(() => badgeText(page)).toBe('1');
        await expect
          .poll(() => items.first().getByRole('button', { name: 'Mark as read' }).count())
          .toBe(0);

        // Mark all read.
        await page.getByRole('button', { name: 'Mark all as read' }).click();
        await expect.poll(() => page.getByText('All notifications marked as read').count()).toBe(1);
        await expect.poll(() => badgeText(page)).toBeNull();

        // Delete one.
        await items.first().getByRole('button', { name: 'Delete notification' }).click();
        await expect.poll(() => page.getByText('Notification deleted').count()).toBe(1);
        await expect.poll(() => items.count()).toBe(1);
        const left = await callApi<{ items: unknown[] }>(page, 'GET', '/api/notifications');
        expect(left.body.items).toHaveLength(1);

        // Another language renders the same notification in that language.
        await chooseDeviceLanguage(page, 'hi');
        await page.reload();
        await expect.poll(() => items.first().textContent()).toContain('"Paneer curry" माँगा है');
      } finally {
        await donor.context.close();
        await receiver.context.close();
      }
    });

    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`has no serious axe violations on ${label}, with notifications listed`, async () => {
        const donor = await openPage(browser(), baseUrl, { viewport });
        const receiver = await openPage(browser(), baseUrl);
        try {
          await registerThroughUi(donor.page, 'mess');
          await registerThroughUi(receiver.page, 'nursery');
          await requestDonation(receiver.page, await postDonation(donor.page, 'Dal and rice'));
          await goClientSide(donor.page, '/notifications');
          await expect.poll(() => donor.page.getByTestId('notification').count()).toBe(1);
          await donor.page.evaluate(() => document.fonts.ready);
          expect(await seriousViolations(donor.page)).toEqual([]);
        } finally {
          await donor.context.close();
          await receiver.context.close();
        }
      });
    }
  },
  // Pushes and the push panel: notifications must be grantable (decision 0081).
  { notifications: true },
);
