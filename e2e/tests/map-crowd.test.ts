import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { registrationFor } from '@annasetu/test-kit';
import { PHONE, openPage, uniqueEmail, slowed } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { apiCall, postDonation, signUp } from '../support/donation-flows';
import { chooseDeviceLanguage, PASSWORD, waitForStill } from '../support/flows';
import { baseUrl, browserSuite, it } from '../support/suite';

const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'annasetu-screens');
const RECEIVERS = 60;
const DONATIONS = 6;

interface Box {
  x: number;
  y: number;
  right: number;
  bottom: number;
  name: string;
}

browserSuite('a crowded volunteer map on a phone', ({ browser }) => {
  it('keeps every pin inside the map, clear of its controls and of each other, the rest listed by one pin', async () => {
    const helper = await openPage(browser(), baseUrl);
    const volunteer = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      // Receivers and donations at one point (everyone starts at the default point), more
      // than a phone's map has room for.
      await helper.page.goto('/login');
      const roles = ['foodbank', 'nursery', 'poultry'] as const;
      for (let i = 0; i < RECEIVERS; i += 1) {
        const role = roles[i % roles.length]!;
        const { status } = await apiCall(
          helper.page,
          'POST',
          '/api/auth/register',
          registrationFor(role, {
            email: uniqueEmail(role),
            address: 'Connaught Place, New Delhi',
            password: PASSWORD,
            confirmPassword: PASSWORD,
          }),
        );
        expect(status).toBe(201);
      }
      await signUp(helper.page, 'restaurant', 'Crowd Kitchen');
      for (let i = 1; i <= DONATIONS; i += 1) await postDonation(helper.page, `Crowd meal ${i}`);
      await signUp(volunteer.page, 'volunteer', 'Crowd Rider');

      const page = volunteer.page;
      await page.goto('/map');
      const more = page.locator('.map-more-pin');
      await more.waitFor();
      // Checked once the pins have stopped moving (the map fits itself, then lays them out).
      const layout = () =>
        page.evaluate(() => {
          const box = (el: Element, name: string) => {
            const r = el.getBoundingClientRect();
            return { x: r.x, y: r.y, right: r.right, bottom: r.bottom, name };
          };
          const pins = [...document.querySelectorAll('.leaflet-marker-pane > *')].map((el, i) =>
            box(el, el.getAttribute('title') ?? String(i)),
          );
          const controls = [
            ...document.querySelectorAll('.leaflet-control-zoom, .leaflet-control-attribution'),
          ].map((el) => box(el, el.className));
          const map = box(document.querySelector('.leaflet-container')!, 'map');
          return { pins, controls, map };
        });
      await waitForStill(page, async () => JSON.stringify(await layout()));
      const { pins, controls, map } = (await layout()) as {
        pins: Box[];
        controls: Box[];
        map: Box;
      };
      const meets = (a: Box, b: Box) =>
        a.x < b.right && b.x < a.right && a.y < b.bottom && b.y < a.bottom;
      const problems: string[] = [];
      pins.forEach((pin, i) => {
        if (pin.x < map.x || pin.right > map.right || pin.y < map.y || pin.bottom > map.bottom) {
          problems.push(`${pin.name} outside the map`);
        }
        for (const control of controls) {
          if (meets(pin, control)) problems.push(`${pin.name} under ${control.name}`);
        }
        for (const other of pins.slice(i + 1)) {
          if (meets(pin, other)) problems.push(`${pin.name} covers ${other.name}`);
        }
      });
      expect(problems).toEqual([]);
      // Every place is on the map: drawn, or counted by the one pin standing for the rest.
      const hidden = Number(await more.textContent());
      expect(hidden).toBeGreaterThan(0);
      expect(pins.length - 1 + hidden).toBe(RECEIVERS + DONATIONS);
      expect(await seriousViolations(page)).toEqual([]);

      // The pin lists the rest, each with its own popup content.
      await page.getByRole('button', { name: `${hidden} more here` }).click();
      const list = page.locator('.leaflet-popup .map-more-list > li');
      await expect.poll(() => list.count()).toBe(hidden);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, 'phone-en-map-crowd-more.png') });

      // Each popup fits the phone's map, clear of the zoom buttons, and its close button works.
      const popup = page.locator('.leaflet-popup');
      const fits = async () => {
        await waitForStill(page, async () => JSON.stringify(await popup.boundingBox()));
        const box = (await popup.boundingBox())!;
        const zoom = (await page.locator('.leaflet-control-zoom').boundingBox())!;
        const clear =
          box.x >= map.x &&
          box.x + box.width <= map.right &&
          !(
            box.x < zoom.x + zoom.width &&
            zoom.x < box.x + box.width &&
            box.y < zoom.y + zoom.height &&
            zoom.y < box.y + box.height
          );
        return clear;
      };
      expect(await fits()).toBe(true);
      await popup.getByRole('button', { name: /close/i }).click();
      await popup.waitFor({ state: 'detached' });
      // The list's popup moved the map to fit; the row's last pin is clear of the controls.
      await page.locator('.leaflet-marker-icon[title^="Crowd meal"]').last().click();
      expect(await fits()).toBe(true);
      await popup.getByRole('button', { name: /close/i }).click();
      await popup.waitFor({ state: 'detached' });

      // In Hindi, the pin's number and name are Hindi's own.
      await chooseDeviceLanguage(page, 'hi');
      await page.reload();
      // The same places on the same phone: the same pin, named in Hindi. Polled on its title so
      // that a different layout fails with the name it did show.
      await expect
        .poll(() => page.locator('.map-more-pin').first().getAttribute('title'), {
          timeout: slowed(30_000),
        })
        .toBe(`यहाँ ${hidden} और`);
      await page.getByRole('button', { name: `यहाँ ${hidden} और` }).waitFor();
      await page.screenshot({ path: join(SHOTS, 'phone-hi-map-crowd.png'), fullPage: true });
    } finally {
      await helper.context.close();
      await volunteer.context.close();
    }
  }, 300_000);
});
