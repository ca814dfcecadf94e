import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import { impactCsvUrl, impactJsonUrl } from '../api/get-public-impact';
import {
  OPEN_DATA_TABLES,
  type OpenDataLicence,
  type PublicImpact,
  type PublicImpactRange,
} from '../api/public-impact-types';
import { gramsPerMile } from '../lib/equivalents';

/** The figures' factors as the server states them, where they come from and what is counted. */
export function ImpactMethods({ impact }: { impact: PublicImpact }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const { factors } = impact;
  const two = { maximumFractionDigits: 2 };
  const sizeKm = impact.cells[0]?.sizeKm;
  const rows = [
    {
      key: 'co2PerMeal',
      value: t('publicImpact.methods.factors.co2PerMeal.value', {
        value: number(factors.co2KgPerMeal, two),
      }),
    },
    {
      key: 'co2PerKg',
      value: t('publicImpact.methods.factors.co2PerKg.value', {
        value: number(factors.co2KgPerKg, two),
      }),
    },
    {
      key: 'familyDay',
      value: t('publicImpact.methods.factors.familyDay.value', {
        value: number(factors.mealsPerFamilyDay),
      }),
    },
    {
      key: 'carKm',
      value: t('publicImpact.methods.factors.carKm.value', {
        value: number(factors.co2GramsPerKm),
        perMile: number(Math.round(gramsPerMile(factors))),
      }),
    },
    {
      key: 'kgPerMeal',
      value: t('publicImpact.methods.factors.kgPerMeal.value', {
        value: number(factors.kgPerMeal, two),
      }),
    },
  ];
  return (
    <section className="impact-section panel" id="methods" aria-labelledby="impact-methods-title">
      <h2 id="impact-methods-title" className="section-heading">
        {t('publicImpact.methods.title')}
      </h2>
      <p>{t('publicImpact.methods.counted')}</p>
      <dl className="impact-factors" data-testid="impact-factors">
        {rows.map((row) => (
          <div key={row.key} className="impact-factors__item">
            <dt>{row.value}</dt>
            <dd>{t(`publicImpact.methods.factors.${row.key}.use`)}</dd>
          </div>
        ))}
      </dl>
      <p>{t('publicImpact.methods.source')}</p>
      <p>
        {sizeKm
          ? t('publicImpact.methods.grid', { size: number(sizeKm, { maximumFractionDigits: 1 }) })
          : t('publicImpact.methods.gridNoSize')}
      </p>
      <p>{t('publicImpact.methods.periods')}</p>
    </section>
  );
}

/** The licence's name and address, whichever way the server states it. */
export function licenceOf(licence: OpenDataLicence | undefined): { name: string; url: string } {
  const fallback = { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' };
  if (!licence) return fallback;
  if (typeof licence === 'string') return { ...fallback, name: licence };
  return { name: licence.name ?? licence.id ?? fallback.name, url: licence.url ?? fallback.url };
}

/** Links to the same figures as JSON and as one CSV per table, with the licence. */
export function ImpactOpenData({
  impact,
  range,
}: {
  impact: PublicImpact;
  range: PublicImpactRange;
}) {
  const { t } = useTranslation();
  const licence = licenceOf(impact.licence);
  return (
    <section className="impact-section panel" aria-labelledby="impact-data-title">
      <h2 id="impact-data-title" className="section-heading">
        {t('publicImpact.openData.title')}
      </h2>
      <p>{t('publicImpact.openData.description', { range: t(`publicImpact.range.${range}`) })}</p>
      <ul className="impact-downloads" data-testid="impact-downloads">
        <li>
          <a href={impactJsonUrl(range)} type="application/json">
            {t('publicImpact.openData.json')}
          </a>
        </li>
        {OPEN_DATA_TABLES.map((table) => (
          <li key={table}>
            <a
              href={impactCsvUrl(range, table)}
              type="text/csv"
              download={`annasetu-impact-${range}-${table}.csv`}
              data-table={table}
            >
              {t('publicImpact.openData.csv', {
                table: t(`publicImpact.openData.tables.${table}`),
              })}
            </a>
          </li>
        ))}
      </ul>
      <p data-testid="impact-licence">
        {t('publicImpact.openData.licence')}{' '}
        <a href={licence.url} rel="license">
          {t('publicImpact.openData.licenceLink', { name: licence.name })}
        </a>
      </p>
      <p>
        <a href="/api/docs">{t('publicImpact.openData.docs')}</a>
      </p>
    </section>
  );
}
