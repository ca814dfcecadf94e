import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { PHONE, openPage } from '../support/browser';
import { text } from '../support/catalogue';
import { apiCall, cardFor, expectToast, sectionFor, signUp } from '../support/donation-flows';
import {
  catchDialogText,
  chooseDeviceLanguage,
  enterAmountTaken,
  expectNoHorizontalScroll,
} from '../support/flows';
import { baseUrl, browserSuite, it } from '../support/suite';

const hi = (key: string) => text('hi', key);
const PDFTOPPM = '/usr/bin/pdftoppm';
const OUT = join(tmpdir(), `annasetu-handover-${process.pid}`);
// The files written for the checks go with the run (screenshots stay in SCREENSHOT_DIR), unless
// KEEP_TEST_FILES asks to look at them.
afterAll(() => {
  if (!process.env.KEEP_TEST_FILES) rmSync(OUT, { recursive: true, force: true });
});
// Screenshots and the PDF's page as PNG, for people to look at.
const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'annasetu-screens');
// The CSV's headings come from the server's catalogue.
const CSV_HEADINGS = (
  JSON.parse(
    readFileSync(
      new URL('../../apps/server/src/messages/locales/hi.json', import.meta.url),
      'utf8',
    ),
  ) as { register: { columns: Record<string, string> } }
).register.columns;

/** RFC 4180 rows (quoted fields may hold commas, quotes and line breaks). */
function csvRows(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  for (const match of body.matchAll(/("(?:[^"]|"")*"|[^,\r\n]*)(,|\r\n)/g)) {
    const field = match[1]!;
    row.push(field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field);
    if (match[2] === '\r\n') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

/** Food cooked ten minutes ago on an Indian clock. */
function justCooked() {
  const india = new Date(Date.now() - 10 * 60_000 + 330 * 60_000).toISOString();
  return { prepDate: india.slice(0, 10), prepTime: india.slice(11, 16), timeZone: 'Asia/Kolkata' };
}

async function inHindi(page: Page) {
  await chooseDeviceLanguage(page, 'hi');
}

browserSuite('the handover record and the register, in Hindi on a phone', ({ browser }) => {
  it('collect with the holding check, receive with the condition, download the register as CSV and PDF', async () => {
    mkdirSync(OUT, { recursive: true });
    mkdirSync(SHOTS, { recursive: true });
    const donor = await openPage(browser(), baseUrl);
    const volunteer = await openPage(browser(), baseUrl, { viewport: PHONE });
    const bank = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      await signUp(donor.page, 'restaurant', 'Sharma Bhojanalaya');
      expect(
        (await apiCall(donor.page, 'PATCH', '/api/me', { fssaiNumber: '10012345678901' })).status,
      ).toBe(200);
      await signUp(volunteer.page, 'volunteer', 'Meera Rider');
      const foodbank = await signUp(bank.page, 'foodbank', 'Roti Bank');
      expect(
        (await apiCall(bank.page, 'PATCH', '/api/me', { fssaiNumber: '20012345678902' })).status,
      ).toBe(200);
      const food = `वेज बिरयानी ${Date.now().toString(36)}`;
      const posted = await apiCall<{ donation: { id: string } }>(
        donor.page,
        'POST',
        '/api/donations',
        {
          cuisine: 'हैदराबादी',
          foodType: food,
          vegType: 'veg',
          quantity: 20,
          unit: 'meals',
          deliveryMethod: 'volunteer',
          holding: 'hot',
          allergens: ['milk', 'tree_nuts'],
          ...justCooked(),
        },
      );
      expect(posted.status).toBe(201);

      // The volunteer grabs it and records the collection with the holding check.
      const vp = volunteer.page;
      await inHindi(vp);
      await vp.goto('/donations');
      await cardFor(vp, food)
        .getByRole('button', { name: hi('donations.actions.grab') })
        .click();
      await expectToast(vp, hi('donations.toast.grabbed'));
      await vp.waitForURL(/\/requests$/);
      await cardFor(vp, food)
        .getByRole('button', { name: hi('requests.actions.collect') })
        .click();
      const dialog = vp.getByRole('dialog');
      const holding = (kind: string) =>
        dialog.getByRole('radio', { name: hi(`foodSafety.holding.${kind}`), exact: true });
      const closed = dialog.getByRole('checkbox', { name: hi('handover.pickup.containerClosed') });
      // It starts from what the donor said; changed away and back, ticked, unticked, ticked.
      expect(await holding('hot').isChecked()).toBe(true);
      expect(await dialog.textContent()).toContain(
        hi('handover.pickup.stated').replace('{{holding}}', hi('foodSafety.holding.hot')),
      );
      await holding('room').check();
      await closed.check();
      await holding('hot').check();
      await closed.uncheck();
      await closed.check();
      expect(await holding('hot').isChecked()).toBe(true);
      expect(await closed.isChecked()).toBe(true);
      const destination = dialog.getByRole('combobox', {
        name: hi('destination.user'),
        exact: true,
      });
      await expect.poll(() => destination.isEnabled()).toBe(true);
      await destination.selectOption(foodbank.id);
      await enterAmountTaken(dialog, 20);
      await expectNoHorizontalScroll(vp);
      expect(await seriousViolations(vp)).toEqual([]);
      await dialog.screenshot({ path: join(SHOTS, 'handover-hi-collect.png') });
      const result = catchDialogText(vp, hi('requests.collect.doneTitle'));
      await dialog.getByRole('button', { name: hi('requests.collect.submit') }).click();
      await expectToast(vp, hi('requests.toast.collected'));
      expect(await result).toContain(foodbank.name);
      await dialog.waitFor({ state: 'hidden' });

      // The food bank confirms receipt and says how the food arrived.
      const bp = bank.page;
      await inHindi(bp);
      await bp.goto('/requests');
      const incoming = cardFor(sectionFor(bp, hi('requests.incoming.title')), food);
      await expect.poll(() => incoming.textContent()).toContain(hi('requests.status.collected'));
      await incoming.getByRole('button', { name: hi('requests.actions.confirmReceipt') }).click();
      const receipt = bp.getByRole('dialog');
      await receipt
        .getByRole('radio', { name: new RegExp(`^${hi('handover.arrival.doubtful')}`) })
        .check();
      await receipt.getByRole('textbox').fill('ढक्कन थोड़ा खुला था');
      await expectNoHorizontalScroll(bp);
      expect(await seriousViolations(bp)).toEqual([]);
      await receipt.screenshot({ path: join(SHOTS, 'handover-hi-receipt.png') });
      await receipt.getByRole('button', { name: hi('requests.receipt.submit') }).click();
      await expectToast(bp, hi('requests.toast.received'));
      await expect.poll(() => incoming.textContent()).toContain(hi('requests.status.fulfilled'));

      // The handover record: the card links to the donation's own page, which shows it.
      await incoming.getByRole('link', { name: hi('handover.open') }).click();
      await bp.waitForURL(new RegExp(`/donations/${posted.data.donation.id}#handover$`));
      const record = bp.getByTestId('handover-record');
      await record.waitFor();
      const shown = (await record.textContent()) ?? '';
      for (const fact of [
        food,
        '10012345678901',
        '20012345678902',
        hi('foodSafety.allergen.milk'),
        hi('foodSafety.holding.hot'),
        hi('handover.values.yes'),
        'Meera Rider',
        hi('handover.arrival.doubtful'),
        'ढक्कन थोड़ा खुला था',
      ]) {
        expect(shown, fact).toContain(fact);
      }
      await expectNoHorizontalScroll(bp);
      expect(await seriousViolations(bp)).toEqual([]);
      await bp.screenshot({ path: join(SHOTS, 'handover-hi-record.png'), fullPage: true });
      // The volunteer who carried it reads the same record; an unknown donation has none.
      const seen = await apiCall<{ handover: { arrivalCondition: string } }>(
        vp,
        'GET',
        `/api/donations/${posted.data.donation.id}/handover`,
      );
      expect(seen).toMatchObject({
        status: 200,
        data: { handover: { arrivalCondition: 'doubtful' } },
      });
      const unknown = await apiCall(
        donor.page,
        'GET',
        `/api/donations/${crypto.randomUUID()}/handover`,
      );
      expect(unknown.status).toBe(404);

      // The register for this month: the CSV.
      await bp.goto('/analytics');
      const register = bp.getByTestId('food-register');
      await register.waitFor();
      await register.scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(bp);
      expect(await seriousViolations(bp)).toEqual([]);
      await register.screenshot({ path: join(SHOTS, 'handover-hi-register.png') });
      const [csvDownload] = await Promise.all([
        bp.waitForEvent('download'),
        register.getByRole('button', { name: hi('foodRegister.downloadCsv') }).click(),
      ]);
      expect(csvDownload.suggestedFilename()).toMatch(
        /^annasetu-register-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const csvFile = join(OUT, 'register.csv');
      await csvDownload.saveAs(csvFile);
      const bytes = readFileSync(csvFile);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...rows] = csvRows(bytes.subarray(3).toString('utf8'));
      expect(header).toEqual(Object.values(CSV_HEADINGS));
      expect(rows).toHaveLength(1);
      const row = Object.fromEntries(header!.map((h, i) => [h, rows[0]![i]]));
      expect(row).toMatchObject({
        [CSV_HEADINGS.food!]: food,
        [CSV_HEADINGS.quantity!]: '20',
        [CSV_HEADINGS.containerClosed!]: 'हाँ',
        [CSV_HEADINGS.condition!]: 'संदिग्ध',
        [CSV_HEADINGS.note!]: 'ढक्कन थोड़ा खुला था',
        [CSV_HEADINGS.handledBy!]: expect.stringContaining('Meera Rider'),
        [CSV_HEADINGS.receiver!]: foodbank.name,
        [CSV_HEADINGS.donorFssai!]: '10012345678901 (अभी जाँचा नहीं गया)',
        [CSV_HEADINGS.receiverFssai!]: '20012345678902 (अभी जाँचा नहीं गया)',
        [CSV_HEADINGS.holdingAtPickup!]: hi('foodSafety.holding.hot'),
        [CSV_HEADINGS.reference!]: posted.data.donation.id,
      });
      expect(row[CSV_HEADINGS.donor!]).toMatch(/^Sharma Bhojanalaya /);
      expect(row[CSV_HEADINGS.receivedAt!]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

      // The PDF, built in the browser with the Devanagari font.
      const [pdfDownload] = await Promise.all([
        bp.waitForEvent('download'),
        register.getByRole('button', { name: hi('foodRegister.downloadPdf') }).click(),
      ]);
      expect(pdfDownload.suggestedFilename()).toMatch(/^annasetu-register-.*\.pdf$/);
      const pdfFile = join(OUT, 'register.pdf');
      await pdfDownload.saveAs(pdfFile);
      expect(readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');
      if (!existsSync(PDFTOPPM)) return;
      const info = execFileSync('pdfinfo', [pdfFile]).toString();
      expect(info).toMatch(/Page size:\s+841\.89 x 595\.28/);
      expect(execFileSync('pdffonts', [pdfFile]).toString()).toContain('NotoSansDevanagari');
      execFileSync(PDFTOPPM, [
        '-png',
        '-r',
        '80',
        '-f',
        '1',
        '-l',
        '1',
        pdfFile,
        join(SHOTS, 'handover-hi-register-pdf'),
      ]);
      expect(readdirSync(SHOTS).some((f) => f.startsWith('handover-hi-register-pdf'))).toBe(true);
    } finally {
      for (const side of [donor, volunteer, bank]) await side.context.close();
    }
  }, 240_000);
});
