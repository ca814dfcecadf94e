import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { PHONE, openPage } from '../support/browser';
import { cardFor, postDonation, signUp } from '../support/donation-flows';
import { chooseDeviceLanguage, expectNoHorizontalScroll } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';

// Who sees whose details (decision 0021): before a match the receiver sees the donor's area, not
// the street, with a hint that the rest follows the match; the self-delivery picker lists
// receivers by area. Checked in Hindi on a 360x640 phone.

const SHOTS = process.env.VISIBILITY_SCREENSHOTS;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SHOTS, name) });
}

async function inHindi(page: Page) {
  await chooseDeviceLanguage(page, 'hi');
}

browserSuite('visibility by relation', ({ browser }) => {
  it('a receiver sees the donation area and the "shown once matched" hint, not the address', async () => {
    const donor = await openPage(browser(), baseUrl);
    const receiver = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      await signUp(donor.page, 'restaurant', 'Gupta Bhojnalaya');
      await signUp(receiver.page, 'foodbank', 'Seva Rasoi');
      const food = `Poha ${Date.now().toString(36)}`;
      await postDonation(donor.page, food);

      const page = receiver.page;
      await inHindi(page);
      await page.goto('/donations');
      const card = cardFor(page, food);
      await card.waitFor();
      const text = (await card.textContent()) ?? '';
      expect(text).toContain('Connaught Place, New Delhi (लगभग)');
      expect(text).toContain('सटीक पता और संपर्क जानकारी काम तय होने के बाद दिखाई जाती है।');
      expect(text).not.toContain('Gupta Bhojnalaya Lane');
      await card.scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(page);
      await shoot(page, 'visibility-hi-card-phone.png');
    } finally {
      await donor.context.close();
      await receiver.context.close();
    }
  });

  it('the self-delivery picker lists receivers by area and says when contact details arrive', async () => {
    const donor = await openPage(browser(), baseUrl, { viewport: PHONE });
    const bank = await openPage(browser(), baseUrl);
    try {
      await signUp(donor.page, 'restaurant', 'Sharma Sweets');
      const receiver = await signUp(bank.page, 'foodbank', 'Annakshetra');

      const page = donor.page;
      await inHindi(page);
      await page.goto('/donations');
      await page.getByText('मैं स्वयं पहुँचाऊँगा').click();
      await page.locator('select[name="destinationType"]').selectOption('foodbank');
      const option = page.locator('select[name="destinationUserId"] option', {
        hasText: receiver.name,
      });
      await option.waitFor({ state: 'attached' });
      const label = (await option.textContent()) ?? '';
      expect(label).toContain('Connaught Place, New Delhi (लगभग)');
      expect(label).not.toContain('Annakshetra Lane');
      const hint = page.getByText('सटीक पता और संपर्क जानकारी काम तय होने के बाद दिखाई जाती है।');
      await hint.waitFor();
      await page.locator('select[name="destinationUserId"]').selectOption(receiver.id);
      await hint.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await expectNoHorizontalScroll(page);
      await shoot(page, 'visibility-hi-picker-phone.png');
    } finally {
      await donor.context.close();
      await bank.context.close();
    }
  });

  it("a volunteer's map shows where food can go by area, in Telugu", async () => {
    const volunteer = await openPage(browser(), baseUrl, { viewport: PHONE });
    const bank = await openPage(browser(), baseUrl);
    try {
      await signUp(volunteer.page, 'volunteer', 'Ravi Kumar');
      const receiver = await signUp(bank.page, 'foodbank', 'Akshaya Patra Kendra');

      const page = volunteer.page;
      await chooseDeviceLanguage(page, 'te');
      await page.goto('/map');
      const marker = page.getByRole('button', { name: new RegExp(receiver.name) });
      await marker.focus();
      await page.keyboard.press('Enter');
      const popup = page.locator('.leaflet-popup');
      await popup.waitFor();
      const text = (await popup.textContent()) ?? '';
      expect(text).toContain('Connaught Place, New Delhi (సుమారుగా)');
      expect(text).toContain('ఖచ్చితమైన చిరునామా, సంప్రదింపు వివరాలు పని ఖరారైన తర్వాత కనిపిస్తాయి.');
      expect(text).not.toContain('Akshaya Patra Kendra Lane');
      expect(text).not.toContain('98765');
      await expectNoHorizontalScroll(page);
      await shoot(page, 'visibility-te-map-phone.png');
    } finally {
      await volunteer.context.close();
      await bank.context.close();
    }
  });
});
