import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { afterAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, openPage } from '../support/browser';
import { text } from '../support/catalogue';
import { cardFor, expectToast, signUp } from '../support/donation-flows';
import { chooseDeviceLanguage, expectNoHorizontalScroll } from '../support/flows';
import { ApiMember } from '../support/impact-api';
import { baseUrl, browserSuite, it } from '../support/suite';

const OUT = join(tmpdir(), `annasetu-labels-${process.pid}`);
// The files written for the checks go with the run (screenshots stay in SCREENSHOT_DIR), unless
// KEEP_TEST_FILES asks to look at them.
afterAll(() => {
  if (!process.env.KEEP_TEST_FILES) rmSync(OUT, { recursive: true, force: true });
});
// PNGs of the labels for people to look at: set LABEL_SCREENSHOTS=/some/folder to keep them.
const SHOTS = process.env.LABEL_SCREENSHOTS;
const hi = (key: string) => text('hi', key);
const ta = (key: string) => text('ta', key);

/** Downloads the label of the card's donation in one layout and saves it; returns the file. */
async function downloadLabel(
  page: Page,
  food: string,
  layout: 'a6' | 'a4x4',
  name: string,
  words = hi,
) {
  await cardFor(page, food)
    .getByRole('button', { name: words('label.print') })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: words(`label.${layout}`) }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: words('label.download') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^annasetu-label-[0-9a-f]{8}-${layout}\\.pdf$`),
  );
  const file = join(OUT, `${name}.pdf`);
  await download.saveAs(file);
  await expectToast(page, words('label.ready'));
  await dialog.waitFor({ state: 'hidden' });
  if (SHOTS) execFileSync('pdftoppm', ['-png', '-r', '80', file, join(SHOTS, name)]);
  return file;
}

/** What poppler reads of a PDF: its page count and size, fonts and text. */
function readPdf(file: string) {
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const info = execFileSync('pdfinfo', [file]).toString();
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
    size: /Page size:\s+([\d.]+ x [\d.]+) pts/.exec(info)?.[1],
    fonts: execFileSync('pdffonts', [file]).toString(),
    text: execFileSync('pdftotext', ['-layout', file, '-']).toString(),
  };
}

const DPI = 200;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An instant as the label's English line writes it in India time: "29 Nov 2026, 4:51 am". */
function indiaTime(iso: string): RegExp {
  const ist = new Date(Date.parse(iso) + 330 * 60_000);
  const hour = ist.getUTCHours();
  const minute = String(ist.getUTCMinutes()).padStart(2, '0');
  const day = `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
  return new RegExp(`${day}, ${hour % 12 || 12}:${minute}\\s?${hour < 12 ? 'am' : 'pm'}`);
}

/**
 * The text of the QR code in one area of the PDF's first page (points from the top left; the
 * whole page by default), read from a greyscale rendering.
 */
function readQrCode(
  file: string,
  area?: { x: number; y: number; w: number; h: number },
): string | null {
  const prefix = join(OUT, 'qr');
  const px = (points: number) => String(Math.floor((points / 72) * DPI));
  const crop = area ? ['-x', px(area.x), '-y', px(area.y), '-W', px(area.w), '-H', px(area.h)] : [];
  execFileSync('pdftoppm', ['-r', String(DPI), '-gray', '-singlefile', ...crop, file, prefix]);
  const pgm = readFileSync(`${prefix}.pgm`);
  // P5 header: magic, width, height, max value, each followed by one whitespace.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('not a PGM image');
  const w = Number(header[1]);
  const h = Number(header[2]);
  const pixels = pgm.subarray(header[0].length);
  const rgba = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < w * h; i += 1) {
    rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = pixels[i]!;
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, w, h)?.data ?? null;
}

/** The codes of the four labels of an A4 page, one quarter at a time. */
function readQuarterCodes(file: string): (string | null)[] {
  const w = 595.28 / 2;
  const h = 841.89 / 2;
  return [0, 1].flatMap((row) =>
    [0, 1].map((col) => readQrCode(file, { x: col * w, y: row * h, w, h })),
  );
}

browserSuite('container labels in Hindi on a phone', ({ browser }) => {
  it('a restaurant prints a label whose code opens the donation for the food bank it reaches', async () => {
    mkdirSync(OUT, { recursive: true });
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    // A kitchen in India: the preparation time is read from its phone's clock.
    const donorPage = await openPage(browser(), baseUrl, {
      viewport: PHONE,
      timezoneId: 'Asia/Kolkata',
    });
    const { page } = donorPage;
    // Latin letters in the food's name, so the text poppler reads back can be matched exactly.
    const food = `Dal makhani ${Date.now().toString(36)}`;
    try {
      await signUp(page, 'restaurant', 'Sharma Bhojanalaya');
      await chooseDeviceLanguage(page, 'hi');
      await page.goto('/donations');
      await page.getByLabel(hi('donations.form.foodType'), { exact: false }).fill(food);
      await page.getByLabel(hi('donations.form.cuisine'), { exact: false }).first().fill('पंजाबी');
      await page.getByLabel(hi('donations.form.vegType'), { exact: false }).selectOption('veg');
      await page.getByLabel(hi('donations.form.quantity'), { exact: false }).fill('30');
      await page.getByRole('radio', { name: hi('foodSafety.holding.hot') }).check();
      await page.getByRole('checkbox', { name: hi('foodSafety.allergen.milk') }).check();
      await page.getByRole('button', { name: hi('donations.form.submit') }).click();
      await expectToast(page, hi('donations.toast.created'));
      await cardFor(page, food).waitFor();
      const { id, safeUntil } = await page.evaluate(async () => {
        const answer = await fetch('/api/donations/mine', { credentials: 'include' });
        return ((await answer.json()) as { items: { id: string; safeUntil: string }[] }).items[0]!;
      });

      // One A6 label: Hindi and English lines, the food's name, no pick-up yet.
      await cardFor(page, food)
        .getByRole('button', { name: hi('label.print') })
        .click();
      await page.getByRole('dialog').waitFor();
      await expectNoHorizontalScroll(page);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: hi('dialog.cancel') })
        .click();
      const a6 = readPdf(await downloadLabel(page, food, 'a6', 'label-hi-a6'));
      expect(a6.pages).toBe(1);
      expect(a6.size).toBe('297.64 x 419.53');
      expect(a6.fonts).toContain('NotoSansDevanagari');
      expect(a6.text).toContain(food);
      expect(a6.text).toContain('Use by');
      expect(a6.text).toMatch(indiaTime(safeUntil));
      expect(a6.text).toContain('Milk');
      expect(a6.text).toContain('—');
      expect(a6.text).not.toContain('Food for Disposal');
      // The code holds the donation's address in the app and nothing else.
      const address = readQrCode(join(OUT, 'label-hi-a6.pdf'));
      expect(address).toBe(`${baseUrl}/donations/${id}`);

      // A volunteer collects it for a food bank.
      const volunteer = await new ApiMember(baseUrl, 'volunteer').signUp('Meera Rider');
      const bank = await new ApiMember(baseUrl, 'foodbank').signUp('Roti Bank');
      const grab = await volunteer.call<{ request: { id: string } }>(
        'POST',
        `/api/donations/${id}/grab`,
      );
      expect(grab.status).toBe(201);
      const collect = await volunteer.call('POST', '/api/collections', {
        donationId: id,
        requestId: grab.data.request.id,
        quality: 'good',
        destinationType: 'foodbank',
        destinationUserId: bank.id,
      });
      expect(collect.status).toBe(201);

      // Four copies on A4, now with the pick-up time.
      await page.reload();
      await cardFor(page, food).waitFor();
      const a4 = readPdf(await downloadLabel(page, food, 'a4x4', 'label-hi-a4x4'));
      expect(a4.pages).toBe(1);
      expect(a4.size).toBe('595.28 x 841.89');
      expect(a4.text.split(food).length - 1).toBe(4);
      expect(a4.text).not.toContain('—');
      expect(readQuarterCodes(join(OUT, 'label-hi-a4x4.pdf'))).toEqual([
        address,
        address,
        address,
        address,
      ]);

      // The food bank scans it: the donation opens, and receipt is confirmed there.
      const bankPage = await openPage(browser(), baseUrl, { viewport: PHONE });
      try {
        await bank.signInBrowser(bankPage.context);
        await bankPage.context.addInitScript(() => localStorage.setItem('i18nextLng', 'hi'));
        await bankPage.page.goto(address!);
        const heading = bankPage.page.getByRole('heading', { level: 1, name: food });
        await heading.waitFor();
        const delivery = bankPage.page.getByRole('region', { name: hi('donationPage.delivery') });
        await delivery.getByRole('button', { name: hi('requests.actions.confirmReceipt') }).click();
        await bankPage.page
          .getByRole('dialog')
          .getByRole('button', { name: hi('requests.receipt.submit') })
          .click();
        await expectToast(bankPage.page, hi('requests.toast.received'));
        await expect
          .poll(() => delivery.getByTestId('delivery-receipt').textContent())
          .toContain(hi('dashboard.incoming.stages.received'));
        await expectNoHorizontalScroll(bankPage.page);
      } finally {
        await bankPage.context.close();
      }

      // Another food bank scanning the same label is told the donation is not available.
      const stranger = await new ApiMember(baseUrl, 'foodbank').signUp('Other Bank');
      const strangerPage = await openPage(browser(), baseUrl, { viewport: PHONE });
      try {
        await stranger.signInBrowser(strangerPage.context);
        await strangerPage.context.addInitScript(() => localStorage.setItem('i18nextLng', 'hi'));
        await strangerPage.page.goto(address!);
        await expect
          .poll(() => strangerPage.page.getByRole('alert').first().textContent())
          .toContain(hi('errors.DONATION_GONE'));
        expect(await strangerPage.page.getByText(food).count()).toBe(0);
      } finally {
        await strangerPage.context.close();
      }
    } finally {
      await donorPage.context.close();
    }
  }, 180_000);

  it('prints "Food for Disposal" in Tamil and English on food collected as not fit for people', async () => {
    mkdirSync(OUT, { recursive: true });
    const donor = await new ApiMember(baseUrl, 'restaurant').signUp('Murugan Mess');
    const volunteer = await new ApiMember(baseUrl, 'volunteer').signUp('Kavin Rider');
    const farm = await new ApiMember(baseUrl, 'poultry').signUp('Kozhi Farm');
    const food = `Meen kuzhambu ${Date.now().toString(36)}`;
    const id = await donor.postDonation(food, {
      vegType: 'nonveg',
      holding: 'chilled',
      allergens: ['fish', 'crustaceans', 'milk', 'gluten'],
    });
    await volunteer.carry(id, 'bad', farm);

    const { context, page } = await openPage(browser(), baseUrl, {
      viewport: PHONE,
      timezoneId: 'Asia/Kolkata',
    });
    try {
      await donor.signInBrowser(context);
      await context.addInitScript(() => localStorage.setItem('i18nextLng', 'ta'));
      await page.goto('/donations');
      await cardFor(page, food).waitFor();
      for (const layout of ['a6', 'a4x4'] as const) {
        const label = readPdf(await downloadLabel(page, food, layout, `label-ta-${layout}`, ta));
        expect(label.pages).toBe(1);
        expect(label.fonts).toContain('NotoSansTamil');
        expect(label.text.split('Food for Disposal').length - 1).toBe(layout === 'a6' ? 1 : 4);
        expect(label.text).toContain(food);
        expect(label.text).toContain('Fish');
        expect(label.text).toContain('Non-vegetarian');
      }
    } finally {
      await context.close();
    }
  });
});
