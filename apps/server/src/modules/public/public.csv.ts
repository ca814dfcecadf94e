import { stringify } from 'csv-stringify/sync';
import type { PublicImpact, PublicImpactTable } from '@annasetu/domain';

/** One table of the public figures as CSV rows (header first). */
function rowsOf(figures: PublicImpact, table: PublicImpactTable) {
  const trend = (buckets: PublicImpact['trends']['weekly']) => [
    ['start', 'meals', 'kg', 'co2Kg', 'completedDonations'],
    ...buckets.map((b) => [b.start, b.meals, b.kg, b.co2Kg, b.completedDonations]),
  ];
  switch (table) {
    case 'totals': {
      const { organisations: o, ...t } = figures.totals;
      return [
        [
          'range',
          'since',
          'meals',
          'kg',
          'co2Kg',
          'completedDonations',
          'measuredDonations',
          'restaurant',
          'individual',
          'mess',
          'foodbank',
          'nursery',
          'poultry',
          'volunteer',
        ],
        [
          figures.range,
          figures.since,
          t.meals,
          t.kg,
          t.co2Kg,
          t.completedDonations,
          t.measuredDonations,
          o.restaurant,
          o.individual,
          o.mess,
          o.foodbank,
          o.nursery,
          o.poultry,
          o.volunteer,
        ],
      ];
    }
    case 'weekly':
      return trend(figures.trends.weekly);
    case 'monthly':
      return trend(figures.trends.monthly);
    case 'cells':
      return [
        ['lat', 'lng', 'sizeKm', 'rescues'],
        ...figures.cells.map((c) => [c.lat, c.lng, c.sizeKm, c.rescues]),
      ];
    case 'cuisines':
      return [['cuisine', 'donations'], ...figures.cuisines.map((c) => [c.cuisine, c.donations])];
    case 'quality':
      return [
        ['quality', 'destinationType', 'collections'],
        ['good', 'foodbank', figures.quality.good],
        ['bad', 'nursery', figures.badFoodTo.nursery],
        ['bad', 'poultry', figures.badFoodTo.poultry],
      ];
  }
}

// A spreadsheet runs a cell that starts with one of these as a formula; cuisines are typed by
// donors, so such a cell is written with a leading apostrophe (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/** The table as RFC 4180 CSV: header row, comma separated, CRLF line ends, UTF-8. */
export function impactCsv(figures: PublicImpact, table: PublicImpactTable): string {
  const rows = rowsOf(figures, table).map((row) =>
    row.map((cell) => (typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell)),
  );
  return stringify(rows, { record_delimiter: 'windows' });
}
