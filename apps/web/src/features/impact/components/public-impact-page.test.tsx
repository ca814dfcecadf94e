import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../public/locales/en/translation.json';
import hi from '../../../../public/locales/hi/translation.json';
import ta from '../../../../public/locales/ta/translation.json';
import { setNativeDigits } from '../../../lib/format';
import { renderApp } from '../../../testing/render';
import { PUBLIC_IMPACT_RANGES } from '../api/public-impact-types';
import { impactApi, impactFixture, publicApi } from '../testing/impact-fixtures';

const resources = {
  en: { translation: en },
  hi: { translation: hi },
  ta: { translation: ta },
};

function renderImpact(route = '/impact', language = 'en') {
  return renderApp({ route, user: null, language, resources });
}

afterEach(() => setNativeDigits(false));

describe('/impact without signing in', () => {
  it('shows the totals, roles, cuisines, quality and where bad food went for 30 days', async () => {
    const { asked } = impactApi();
    renderImpact();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("AnnaSetu's impact");
    const totals = await screen.findByTestId('impact-totals');
    expect(asked).toContain('/api/public/impact?range=30d');
    // Indian grouping, one decimal at most, kg written as a unit.
    expect(within(totals).getByText('1,23,456')).toBeInTheDocument();
    expect(within(totals).getByText('1,500.5 kg')).toBeInTheDocument();
    expect(within(totals).getByText('3,012 kg')).toBeInTheDocument();
    expect(within(totals).getByText('4,321')).toBeInTheDocument();
    // Everyday terms from the API's own factors: 123456 / 16 meals and 3012 kg / 250 g per km.
    expect(screen.getByTestId('impact-equivalents')).toHaveTextContent(
      'Food for a family for 7,716 days, and as much CO2 as a car emits over 12,048 km.',
    );
    // Which of the figures were weighed or counted, and which rest on donors' estimates.
    expect(screen.getByTestId('impact-basis')).toHaveTextContent(
      "1,234 of 4,321 delivered donations are counted from what was weighed or counted at pickup or on arrival; 3,087 from the donor's estimate.",
    );

    const roles = screen.getByTestId('impact-organisations');
    expect(within(roles).getByText('Restaurant').nextElementSibling).toHaveTextContent('41');
    expect(within(roles).getByText('Volunteer').nextElementSibling).toHaveTextContent('28');
    expect(within(roles).getByText('Mess/Canteen').nextElementSibling).toHaveTextContent('7');

    const cuisines = screen.getByTestId('impact-cuisines');
    expect(
      within(cuisines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['North IndianDonations: 120', 'दक्षिण भारतीयDonations: 45']);
    expect(screen.getByTestId('impact-good')).toHaveTextContent('300 (75%)');
    expect(screen.getByTestId('impact-bad')).toHaveTextContent('100 (25%)');
    expect(screen.getByTestId('impact-nursery')).toHaveTextContent('Nursery60 (60%)');
    expect(screen.getByTestId('impact-poultry')).toHaveTextContent('Poultry farm40 (40%)');
  });

  it('states each factor as the API gives it, and what is counted', async () => {
    impactApi();
    renderImpact();
    const factors = await screen.findByTestId('impact-factors');
    const terms = within(factors)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(terms).toEqual([
      '1.7 kg of CO2 saved per meal',
      '2.9 kg of CO2 saved per kilogram',
      '16 meals feed a family for one day',
      // 250 g/km is 402 g per mile.
      '250 g of CO2 per kilometre driven (402 g per mile)',
      'About 0.45 kg of food in one meal',
    ]);
    const methods = screen.getByRole('region', { name: 'How we count' });
    expect(methods).toHaveTextContent(
      'Only these collections add to meals, kilograms and CO2 saved.',
    );
    expect(methods).toHaveTextContent('areas about 5.6 km across');
    expect(methods).toHaveTextContent('US Environmental Protection Agency');
  });

  it('links the JSON and one CSV per table for the range shown, under CC BY 4.0', async () => {
    impactApi();
    renderImpact('/impact?range=12m');
    const downloads = await screen.findByTestId('impact-downloads');
    const links = within(downloads).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/api/public/impact?range=12m',
      ...['totals', 'weekly', 'monthly', 'cells', 'cuisines', 'quality'].map(
        (table) => `/api/public/impact.csv?range=12m&table=${table}`,
      ),
    ]);
    expect(links[1]).toHaveAttribute('download', 'annasetu-impact-12m-totals.csv');
    expect(links[1]).toHaveTextContent('Totals (CSV)');
    const licence = within(screen.getByTestId('impact-licence')).getByRole('link');
    expect(licence).toHaveAttribute('rel', 'license');
    expect(licence).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/');
    expect(licence).toHaveTextContent('Licence: Creative Commons Attribution 4.0 International');
  });

  it('switches between every range, asking the API for each and keeping it in the address', async () => {
    const { asked } = impactApi();
    renderImpact();
    await screen.findByTestId('impact-totals');
    const user = userEvent.setup();
    const expected: Record<string, string> = {
      '30d': '1,23,456',
      '90d': '2,34,567',
      '12m': '3,45,678',
      all: '4,56,789',
    };
    for (const range of [...PUBLIC_IMPACT_RANGES.slice(1), PUBLIC_IMPACT_RANGES[0]]) {
      const label = en.publicImpact.range[range];
      await user.click(screen.getByRole('radio', { name: label }));
      expect(screen.getByRole('radio', { name: label })).toBeChecked();
      await waitFor(() =>
        expect(screen.getByTestId('impact-totals')).toHaveTextContent(expected[range]!),
      );
      expect(screen.getByTestId('location')).toHaveTextContent(
        range === '30d' ? /^\/impact$/ : `/impact?range=${range}`,
      );
    }
    expect(asked).toEqual(
      expect.arrayContaining(PUBLIC_IMPACT_RANGES.map((r) => `/api/public/impact?range=${r}`)),
    );
  });

  it('opens on the range of a shared link and ignores one it does not know', async () => {
    const first = impactApi();
    const { unmount } = renderImpact('/impact?range=90d');
    expect(await screen.findByTestId('impact-totals')).toHaveTextContent('2,34,567');
    expect(screen.getByRole('radio', { name: '90 days' })).toBeChecked();
    expect(first.asked).toEqual(['/api/public/impact?range=90d']);
    unmount();

    const second = impactApi();
    renderImpact('/impact?range=7y');
    expect(await screen.findByTestId('impact-totals')).toHaveTextContent('1,23,456');
    expect(second.asked).toEqual(['/api/public/impact?range=30d']);
  });

  it('says so when no area, cuisine or collection has anything to show', async () => {
    impactApi({
      cells: [],
      cuisines: [],
      quality: { good: 0, bad: 0 },
      badFoodTo: { nursery: 0, poultry: 0 },
      trends: { weekly: [], monthly: [] },
    });
    renderImpact();
    expect(await screen.findByTestId('impact-map-empty')).toHaveTextContent(
      'No area has enough rescues to show yet.',
    );
    expect(screen.queryByRole('region', { name: 'Map of rescues by area' })).toBeNull();
    expect(screen.getByText('No cuisine to show in this range yet.')).toBeInTheDocument();
    expect(screen.getByText('No collection was recorded in this range yet.')).toBeInTheDocument();
    expect(
      screen.getByText('None went to nurseries or poultry farms in this range.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Nothing was rescued in this range yet.')).toBeInTheDocument();
    // The grid's size comes from the cells; without cells the methods say it without a number.
    expect(screen.getByRole('region', { name: 'How we count' })).toHaveTextContent(
      'in small areas',
    );
  });

  it('draws the cells on the map and the trends chart after the figures', async () => {
    impactApi();
    renderImpact();
    await screen.findByTestId('impact-totals');
    // Leaflet and the chart are lazy chunks: give them time on a busy machine.
    const slow = { timeout: 15_000 };
    const map = await screen.findByRole('region', { name: 'Map of rescues by area' }, slow);
    // One circle per cell, the busier cell drawn larger.
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2));
    const chart = await screen.findByTestId('impact-trends-chart', {}, slow);
    expect(within(chart).getByText('Meals, By week: 1,570 in total over 3 periods.')).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Period'), 'monthly');
    await user.selectOptions(screen.getByLabelText('Figure'), 'co2Kg');
    const rows = within(screen.getByTestId('impact-trends-table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Oct 2026');
    expect(rows[1]).toHaveTextContent('2,955');
    expect(
      within(screen.getByTestId('impact-trends-chart')).getByText(
        'CO2 saved (kg), By month: 5,163.5 in total over 2 periods.',
      ),
    ).toBeTruthy();
  });

  it('reads in Hindi with Indian grouping, and in Devanagari digits when chosen', async () => {
    impactApi();
    renderImpact('/impact', 'hi');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('अन्नसेतु का प्रभाव');
    const totals = await screen.findByTestId('impact-totals');
    expect(within(totals).getByText('1,23,456')).toBeInTheDocument();
    expect(within(totals).getByText('1,500.5 किलो')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '12 महीने' })).toBeInTheDocument();
    expect(screen.getByTestId('impact-factors')).toHaveTextContent(
      'हर भोजन पर 1.7 किलो CO2 की बचत',
    );
    expect(screen.getByRole('link', { name: 'सभी आँकड़े (JSON)' })).toBeInTheDocument();

    setNativeDigits(true);
    await waitFor(() => expect(within(totals).getByText('१,२३,४५६')).toBeInTheDocument());
    expect(within(totals).getByText('१,५००.५ किलो')).toBeInTheDocument();
  });

  it('reads in Tamil', async () => {
    impactApi();
    renderImpact('/impact', 'ta');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('அன்னசேதுவின் தாக்கம்');
    expect(await screen.findByTestId('impact-equivalents')).toHaveTextContent(
      'ஒரு குடும்பத்துக்கு 7,716 நாட்களுக்கான உணவு',
    );
    expect(screen.getByTestId('impact-basis')).toHaveTextContent('1,234');
    expect(screen.getByTestId('impact-basis')).not.toHaveTextContent('delivered');
  });

  it('offers a retry instead of an error screen when the figures cannot be loaded', async () => {
    let fail = true;
    publicApi((url) =>
      fail
        ? { status: 503, body: { error: 'Busy', code: 'SERVICE_BUSY' } }
        : { status: 200, body: impactFixture(url.searchParams.get('range') as '30d') },
    );
    renderImpact();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The figures could not be loaded.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('impact-totals')).toHaveTextContent('1,23,456');
  });

  it('is linked from the landing page, above and in the footer', async () => {
    publicApi(() => undefined);
    renderApp({ route: '/', user: null, resources });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'See the live figures' })).toHaveAttribute(
      'href',
      '/impact',
    );
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Impact' })).toHaveAttribute('href', '/impact');
  });
});
