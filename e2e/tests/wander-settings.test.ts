import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PHONE, uniqueEmail } from '../support/browser';
import { apiCall, chooseHolding, expectToast, sectionFor, signUp } from '../support/donation-flows';
import { PASSWORD, waitForPageSettled } from '../support/flows';
import { browserSuite } from '../support/suite';
import { allowSlowPhones, arrive, follow, open, selectInTurn, stamp } from '../support/wander';

// People change their minds: each test turns every choice of a form away and back, presses the
// browser's back button once on the way, saves, and checks that a reload (and the server) keeps
// what was last chosen. The donation flows wander in wander.test.ts.

allowSlowPhones();

/** Types each text in turn into a field: away from the last one and back to it. */
async function fillInTurn(field: Locator, values: string[]) {
  for (const value of values) {
    await field.fill(value);
    await expect.poll(() => field.inputValue()).toBe(value);
  }
}

/** Ticks a checkbox and unticks it, or the other way round, ending as `final`. */
async function toggleInTurn(box: Locator, final: boolean) {
  for (const checked of [!final, final, !final, final]) {
    await box.setChecked(checked);
    await expect.poll(() => box.isChecked()).toBe(checked);
  }
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const { status, data } = await apiCall<T>(page, 'GET', path);
  expect(status).toBe(200);
  return data;
}

interface Me {
  role: string;
  name: string;
  phone: string;
  cuisine: string | null;
  capacity: string;
  organizationName: string | null;
}

browserSuite('wandering through sign-up and settings', ({ browser }) => {
  it('a visitor picks Food Bank, goes back, starts as a restaurant, wanders over the role cards and signs up', async () => {
    const { context, page } = await open(browser());
    try {
      const role = (label: string) => page.getByRole('radio', { name: new RegExp(`^${label}`) });
      await page.goto('/');
      await page.getByRole('link', { name: 'Join as Food Bank' }).click();
      await page.waitForURL(/\/register\?role=foodbank$/);
      await expect.poll(() => role('Food Bank').isChecked()).toBe(true);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('link', { name: 'Start Donating' }).click();
      await page.waitForURL(/\/register\?role=restaurant$/);
      await expect.poll(() => role('Restaurant').isChecked()).toBe(true);

      const cuisine = page.getByLabel(/^Cuisine type/);
      const capacity = page.getByLabel(/^Storage capacity/);
      await cuisine.fill('Chettinad');
      await selectInTurn(capacity, ['high', 'low', 'high']);
      // A volunteer has neither field, a food bank only the capacity; back to a restaurant.
      await role('Volunteer').check();
      await cuisine.waitFor({ state: 'detached' });
      expect(await capacity.count()).toBe(0);
      await role('Food Bank').check();
      await capacity.waitFor();
      expect(await cuisine.count()).toBe(0);
      await role('Restaurant').check();
      await cuisine.waitFor();
      // What was typed and chosen for the restaurant is still there.
      expect(await cuisine.inputValue()).toBe('Chettinad');
      expect(await capacity.inputValue()).toBe('high');
      expect(await role('Restaurant').isChecked()).toBe(true);

      const email = uniqueEmail('wander');
      const name = `Wander Mess Owner ${stamp()}`;
      await page.getByLabel(/^Full name/).fill(name);
      await page.getByLabel(/^Email/).fill(email);
      await page.getByLabel(/^Phone number/).fill('+91 98450 12345');
      await page.getByLabel(/^Organization/).fill('Wander Chettinad Kitchen');
      await page.getByLabel(/^Address/).fill('4 Anna Salai, Chennai');
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByLabel(/^Confirm password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expectToast(page, 'Account created successfully!');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('heading', { name: `Welcome, ${name}!` }).waitFor();

      const { user } = await getJson<{ user: Me & { email: string } }>(page, '/api/me');
      expect(user).toMatchObject({
        email,
        name,
        role: 'restaurant',
        cuisine: 'Chettinad',
        capacity: 'high',
        organizationName: 'Wander Chettinad Kitchen',
      });
    } finally {
      await context.close();
    }
  });

  it('a member edits the name away and back, leaves, comes back, saves; a reload keeps it (phone)', async () => {
    const { context, page } = await open(browser(), { viewport: PHONE });
    try {
      const me = await signUp(page, 'individual', 'Wander Meera');
      await page.goto('/dashboard');
      await waitForPageSettled(page);
      await follow(page, 'Profile');
      await arrive(page, /^\/profile$/);
      const form = sectionFor(page, 'Edit your details');
      const name = form.getByLabel(/^Full name/);
      const phone = form.getByLabel(/^Phone number/);
      await expect.poll(() => name.inputValue()).toBe(me.name);
      const oldPhone = await phone.inputValue();

      // Starts on a new name, leaves for the dashboard unsaved, comes back with the back button.
      await name.fill('Meera Half Typed');
      await follow(page, 'Dashboard');
      await arrive(page, /^\/dashboard$/);
      await page.goBack();
      await arrive(page, /^\/profile$/);
      await page.getByRole('heading', { name: me.name, exact: true }).waitFor();
      await expect.poll(() => name.inputValue()).toBe(me.name);

      const newName = `Meera Wanders ${stamp()}`;
      await fillInTurn(name, [newName, 'Meera Someone Else', newName]);
      await fillInTurn(phone, ['+91 90000 11111', oldPhone]);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expectToast(page, 'Profile updated successfully');
      await page.getByRole('heading', { name: newName, exact: true }).waitFor();

      await page.reload();
      await waitForPageSettled(page);
      await expect.poll(() => name.inputValue()).toBe(newName);
      expect(await phone.inputValue()).toBe(oldPhone);
      await page.getByRole('heading', { name: newName, exact: true }).waitFor();
      const { user } = await getJson<{ user: Me }>(page, '/api/me');
      expect(user).toMatchObject({ name: newName, phone: oldPhone });
    } finally {
      await context.close();
    }
  });

  it('a restaurant sets up a recurring donation, wandering over how often, days and time', async () => {
    const { context, page } = await open(browser());
    try {
      await signUp(page, 'restaurant', 'Wander Thali House');
      const food = `Wandering thali ${stamp()}`;
      await page.goto('/dashboard');
      await waitForPageSettled(page);
      await follow(page, 'Donations');
      await arrive(page, /^\/donations$/);
      await page.getByLabel(/^Food items/).fill(food);
      await page.getByLabel(/^Cuisine/).fill('Gujarati');
      await page.getByLabel(/^Veg or non-veg/).selectOption('veg');
      await page.getByLabel(/^Quantity/).fill('30');

      const often = page.getByLabel('How often');
      await selectInTurn(often, ['weekdays', 'once', 'rrule', 'daily', 'weekdays']);
      // How the food is kept, changed away and back: a repeat keeps the last choice.
      for (const kind of ['room', 'chilled', 'hot'] as const) await chooseHolding(page, kind);
      const days = page.getByRole('group', { name: 'On these days' });
      const day = (label: string) => days.getByRole('checkbox', { name: label, exact: true });
      await toggleInTurn(day('Sat'), false);
      await toggleInTurn(day('Mon'), true);
      await day('Sun').check();
      await fillInTurn(page.getByLabel(/^Time to post/), ['20:15', '07:45', '20:15']);
      await page.getByRole('button', { name: 'Save recurring donation' }).click();
      await expectToast(page, 'Recurring donation saved');
      const list = page.getByRole('region', { name: 'Recurring donations' });
      const card = list.getByRole('article', { name: food });
      await expect.poll(() => card.textContent()).toContain(' at 08:15 pm');
      const scheduleText = async () =>
        (await card.textContent())!.match(/(\w{3}, )*\w{3} at 08:15 pm/)![0];

      // Paused and resumed: it ends as it was, active.
      await card.getByRole('button', { name: 'Pause' }).click();
      await expectToast(page, 'Paused');
      await card.getByRole('button', { name: 'Resume' }).click();
      await expectToast(page, 'Resumed');
      await card.getByRole('button', { name: 'Pause' }).waitFor();

      // A look at Requests, then back: the series is there, active.
      await follow(page, 'Requests');
      await arrive(page, /^\/requests$/);
      await page.goBack();
      await arrive(page, /^\/donations$/);
      await expect.poll(() => card.textContent()).toContain('Active');

      await page.reload();
      await waitForPageSettled(page);
      await expect.poll(() => card.textContent()).toContain(' at 08:15 pm');
      expect(await card.textContent()).toContain('Active');
      expect((await scheduleText()).split(/, | at /).sort()).toEqual(
        ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sun', '08:15 pm'].sort(),
      );
      const { items } = await getJson<{
        items: {
          status: string;
          template: { foodType: string; quantity: number; holding: string | null };
          schedule: { frequency: string; weekdays: string[]; timeOfDay: string };
        }[];
      }>(page, '/api/series');
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        status: 'active',
        template: { foodType: food, quantity: 30, holding: 'hot' },
        schedule: { frequency: 'weekdays', timeOfDay: '20:15' },
      });
      // Stored and shown in the week's order, whatever order they were ticked in.
      expect(items[0]!.schedule.weekdays).toEqual(['MO', 'TU', 'WE', 'TH', 'FR', 'SU']);
      expect(await scheduleText()).toBe('Mon, Tue, Wed, Thu, Fri, Sun at 08:15 pm');
    } finally {
      await context.close();
    }
  });

  it('a volunteer sets availability, toggling days, hours, distance and cap away and back (phone)', async () => {
    const { context, page } = await open(browser(), { viewport: PHONE });
    try {
      await signUp(page, 'volunteer', 'Wander Night Rider');
      await page.goto('/dashboard');
      await waitForPageSettled(page);
      await follow(page, 'Profile');
      await arrive(page, /^\/profile$/);
      const panel = page.getByRole('region', { name: 'When I can collect' });
      const day = (label: string) =>
        panel.getByRole('group', { name: 'Days' }).getByRole('checkbox', { name: label });
      const from = panel.getByLabel(/^From/);
      const until = panel.getByLabel(/^Until/);
      const radius = panel.getByLabel(/^Distance from home/);
      const cap = panel.getByLabel(/^Most pickups per day/);
      await day('Mon').waitFor();

      await toggleInTurn(day('Mon'), true);
      await toggleInTurn(day('Sat'), true);
      await toggleInTurn(day('Wed'), false);
      await fillInTurn(from, ['17:30', '09:00', '17:30']);
      await fillInTurn(until, ['21:30', '23:00', '21:30']);
      await fillInTurn(radius, ['25', '50', '25']);
      await fillInTurn(cap, ['3', '', '3']);
      await panel.getByRole('button', { name: 'Save availability' }).click();
      await expectToast(page, 'Availability saved');
      await panel.getByText('Pickups today: 0 of 3').waitFor();

      // A look at the feed (which follows the new area), then back to the profile.
      await follow(page, 'Donations');
      await arrive(page, /^\/donations$/);
      await page.goBack();
      await arrive(page, /^\/profile$/);
      await expect.poll(() => radius.inputValue()).toBe('25');

      await page.reload();
      await waitForPageSettled(page);
      await expect.poll(() => from.inputValue()).toBe('17:30');
      expect(await until.inputValue()).toBe('21:30');
      expect(await radius.inputValue()).toBe('25');
      expect(await cap.inputValue()).toBe('3');
      for (const [label, checked] of [
        ['Mon', true],
        ['Wed', false],
        ['Sat', true],
        ['Sun', false],
      ] as const) {
        expect(await day(label).isChecked()).toBe(checked);
      }
      const { availability } = await getJson<{
        availability: {
          weekdays: string[];
          fromTime: string;
          toTime: string;
          radiusKm: number;
          maxPickupsPerDay: number | null;
        };
      }>(page, '/api/availability');
      expect(availability).toMatchObject({
        fromTime: '17:30',
        toTime: '21:30',
        radiusKm: 25,
        maxPickupsPerDay: 3,
      });
      expect([...availability.weekdays].sort()).toEqual(['FR', 'MO', 'SA', 'TH', 'TU']);
    } finally {
      await context.close();
    }
  });

  it('a donor toggles notification channels and quiet hours away and back; a reload keeps them', async () => {
    const { context, page } = await open(browser());
    try {
      await signUp(page, 'restaurant', 'Wander Quiet Kitchen');
      await page.goto('/dashboard');
      await waitForPageSettled(page);
      await follow(page, 'Profile');
      await arrive(page, /^\/profile$/);
      const panel = page.getByRole('region', { name: 'Notification settings' });
      const channel = (type: string, label: string) =>
        panel.getByRole('group', { name: type }).getByRole('checkbox', { name: label });
      const requestsByEmail = channel('New requests for my food', 'Email');
      const unclaimedPush = channel('My donations nobody has picked up yet', 'Push');
      const quiet = panel.getByRole('checkbox', {
        name: 'Hold push and email during quiet hours',
      });
      await requestsByEmail.waitFor();

      await toggleInTurn(requestsByEmail, true);
      await toggleInTurn(unclaimedPush, false);
      await toggleInTurn(quiet, true);
      await fillInTurn(panel.getByLabel(/^From/), ['22:30', '23:15', '22:30']);
      await fillInTurn(panel.getByLabel(/^Until/), ['06:00', '08:00', '06:00']);
      await panel.getByRole('button', { name: 'Save notification settings' }).click();
      await expectToast(page, 'Notification settings saved');

      // The dashboard, then back: the panel shows what was saved.
      await follow(page, 'Dashboard');
      await arrive(page, /^\/dashboard$/);
      await page.goBack();
      await arrive(page, /^\/profile$/);
      await expect.poll(() => unclaimedPush.isChecked()).toBe(false);

      await page.reload();
      await waitForPageSettled(page);
      await requestsByEmail.waitFor();
      expect(await requestsByEmail.isChecked()).toBe(true);
      expect(await unclaimedPush.isChecked()).toBe(false);
      expect(await quiet.isChecked()).toBe(true);
      expect(await panel.getByLabel(/^From/).inputValue()).toBe('22:30');
      expect(await panel.getByLabel(/^Until/).inputValue()).toBe('06:00');
      const { preferences } = await getJson<{
        preferences: {
          off: Record<string, string[]>;
          quietHours: { from: string; to: string } | null;
        };
      }>(page, '/api/notifications/preferences');
      expect(preferences.quietHours).toEqual({ from: '22:30', to: '06:00' });
      expect(preferences.off.coverage_unclaimed).toEqual(['push']);
      expect(preferences.off.donation_request ?? []).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
