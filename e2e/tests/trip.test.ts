import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { grabDonation, postDonation, signUp, type SignedUp } from '@annasetu/test-kit';
import { PHONE, openPage } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { text } from '../support/catalogue';
import { expectNoHorizontalScroll, waitForPageSettled } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';
import { auditText } from '../support/text-audit';

const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'annasetu-screens');

// Hyderabad, with six decimals as a phone shares them: the volunteer at home in Ameerpet, three
// kitchens and the three food banks that asked for their food.
const HOME = { lat: 17.437462, lng: 78.448288 };
const JOBS = [
  {
    kitchen: 'అన్నపూర్ణ వంటశాల',
    kitchenAddress: '12, బేగంపేట, హైదరాబాద్',
    pickup: { lat: 17.4443, lng: 78.4621 },
    bank: 'సేవా ఆహార బ్యాంకు',
    bankAddress: '4, సికింద్రాబాద్, హైదరాబాద్',
    dropoff: { lat: 17.4399, lng: 78.4983 },
  },
  {
    kitchen: 'మెహదీపట్నం మెస్',
    kitchenAddress: '7, మెహదీపట్నం, హైదరాబాద్',
    pickup: { lat: 17.3958, lng: 78.4314 },
    bank: 'అక్షయ పాత్ర కేంద్రం',
    bankAddress: '9, నాంపల్లి, హైదరాబాద్',
    dropoff: { lat: 17.385, lng: 78.4867 },
  },
  {
    kitchen: 'కూకట్‌పల్లి హోటల్',
    kitchenAddress: '3, కూకట్‌పల్లి, హైదరాబాద్',
    pickup: { lat: 17.4849, lng: 78.4138 },
    bank: 'నిజాంపేట ఆహార నిధి',
    bankAddress: '21, నిజాంపేట, హైదరాబాద్',
    dropoff: { lat: 17.5169, lng: 78.3843 },
  },
];
const FOOD = ['Veg biryani', 'Idli sambar', 'Curd rice'];

const pointText = (p: { lat: number; lng: number }) => `${p.lat},${p.lng}`;

/** The three jobs, set up over HTTP as their people would: posted, asked, accepted, grabbed. */
async function volunteerWithThreeJobs(tag: string): Promise<SignedUp> {
  const volunteer = await signUp(baseUrl, 'volunteer', {
    name: `రవి ${tag}`,
    address: 'అమీర్‌పేట, హైదరాబాద్',
    coordinates: HOME,
    language: 'te',
  });
  for (const [i, job] of JOBS.entries()) {
    const donor = await signUp(baseUrl, 'restaurant', {
      name: `${job.kitchen} ${tag}`,
      organizationName: `${job.kitchen} ${tag}`,
      address: job.kitchenAddress,
    });
    const bank = await signUp(baseUrl, 'foodbank', {
      name: `${job.bank} ${tag}`,
      organizationName: `${job.bank} ${tag}`,
      address: job.bankAddress,
      coordinates: job.dropoff,
    });
    const donation = await postDonation(donor.session, {
      foodType: `${FOOD[i]} ${tag}`,
      pickupCoordinates: job.pickup,
    });
    const asked = await bank.session.call<{ request: { id: string } }>(
      'POST',
      `/api/donations/${donation.id}/requests`,
      {},
    );
    expect(asked.status).toBe(201);
    const accepted = await donor.session.call(
      'POST',
      `/api/requests/${asked.body.request.id}/accept`,
    );
    expect(accepted.status).toBe(200);
    await grabDonation(volunteer.session, donation.id);
  }
  return volunteer;
}

browserSuite('a volunteer sees their jobs as one trip', ({ browser }) => {
  it('three grabbed jobs on a Telugu phone: one ordered trip whose link holds every stop', async () => {
    const t = (key: string) => text('te', key);
    const tag = Date.now().toString(36).slice(-4);
    const volunteer = await volunteerWithThreeJobs(tag);
    const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      await context.addCookies(
        [...volunteer.session.cookies].map(([name, value]) => ({ name, value, url: baseUrl })),
      );
      await context.addInitScript(() => window.localStorage.setItem('i18nextLng', 'te'));
      await page.goto('/requests');
      const trip = page.locator('section.trip');
      await trip.getByRole('heading', { name: t('requests.trip.title') }).waitFor();
      await waitForPageSettled(page);

      // Six stops, each place once, every kitchen before its food bank.
      const names = await trip.locator('.trip__name').allTextContents();
      expect(names).toHaveLength(6);
      const at = (name: string) => names.findIndex((n) => n.startsWith(name));
      for (const job of JOBS) {
        expect(at(job.kitchen)).toBeGreaterThanOrEqual(0);
        expect(at(job.kitchen)).toBeLessThan(at(job.bank));
      }
      // From Ameerpet the nearest kitchen comes first.
      expect(names[0]).toContain(JOBS[0]!.kitchen);

      // One link: from home, through every stop in the order shown, to the last.
      const whole = trip.getByRole('link', { name: t('requests.trip.openAll') });
      const params = new URL((await whole.getAttribute('href'))!).searchParams;
      expect(params.get('origin')).toBe(pointText(HOME));
      const linked = [...params.get('waypoints')!.split('|'), params.get('destination')!];
      const shown = names.map((name) => {
        const job = JOBS.find((j) => name.startsWith(j.kitchen) || name.startsWith(j.bank))!;
        return pointText(name.startsWith(job.kitchen) ? job.pickup : job.dropoff);
      });
      expect(linked).toEqual(shown);

      // The phone shows it whole: nothing wider than the screen, no Telugu word cut.
      await expectNoHorizontalScroll(page);
      const audit = await auditText(page, {
        within: 'section.trip',
        latin: true,
        allowedWords: ['Google', 'Maps'],
        // What people typed: the food, and the tag that keeps this run's names apart.
        userData: [...FOOD.map((food) => `${food} ${tag}`), tag],
      });
      expect(audit.clipped).toEqual([]);
      expect(audit.latin).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      mkdirSync(SHOTS, { recursive: true });
      await trip.screenshot({ path: join(SHOTS, 'trip-te-phone.png') });
      await page.screenshot({ path: join(SHOTS, 'trip-te-phone-page.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
