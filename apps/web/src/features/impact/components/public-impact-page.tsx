import {
  Suspense,
  lazy,
  useEffect,
  useId,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFormat } from '../../../lib/use-format';
import { usePublicImpact } from '../api/get-public-impact';
import {
  DEFAULT_PUBLIC_IMPACT_RANGE,
  isPublicImpactRange,
  type ImpactCell,
  type PublicImpact,
  type PublicImpactRange,
} from '../api/public-impact-types';
import { TREND_METRICS, hasActivity, type TrendMetric } from '../lib/equivalents';
import { ImpactMethods, ImpactOpenData } from './impact-methods';
import { ImpactCuisines, ImpactQuality } from './impact-quality';
import { ImpactOrganisations, ImpactTotals } from './impact-totals';
import { RangePicker } from './range-picker';
import '../../../styles/impact.css';
import '../impact.css';

// The chart comes after the figures, in its own chunk.
const ImpactTrendsChart = lazy(() => import('./impact-trends-chart'));

/** The map the route hands in (Leaflet lives in the map feature and loads only here). */
export interface CellsMapViewProps {
  cells: { lat: number; lng: number; rescues: number }[];
  label: string;
  describe: (cell: { rescues: number }) => string;
}

function Skeleton({ tall = false }: { tall?: boolean }) {
  return (
    <div className={`skeleton-block${tall ? ' skeleton-block--tall' : ''}`} aria-hidden="true" />
  );
}

/** A choice of what the chart shows: a view, not a form field, so nothing is "optional". */
function ViewSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__control field__control--select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </div>
  );
}

function ImpactTrends({ impact }: { impact: PublicImpact }) {
  const { t } = useTranslation();
  const [granularity, setGranularity] = useState<'weekly' | 'monthly'>('weekly');
  const [metric, setMetric] = useState<TrendMetric>('meals');
  const periods = impact.trends[granularity];
  return (
    <section className="impact-section panel" aria-labelledby="impact-trends-title">
      <h2 id="impact-trends-title" className="section-heading">
        {t('publicImpact.trends.title')}
      </h2>
      <div className="impact-trends__controls">
        <ViewSelect
          label={t('publicImpact.trends.granularityLabel')}
          value={granularity}
          onChange={(value) => setGranularity(value as 'weekly' | 'monthly')}
        >
          <option value="weekly">{t('publicImpact.trends.granularity.weekly')}</option>
          <option value="monthly">{t('publicImpact.trends.granularity.monthly')}</option>
        </ViewSelect>
        <ViewSelect
          label={t('publicImpact.trends.metricLabel')}
          value={metric}
          onChange={(value) => setMetric(value as TrendMetric)}
        >
          {TREND_METRICS.map((m) => (
            <option key={m} value={m}>
              {t(`publicImpact.trends.metrics.${m}`)}
            </option>
          ))}
        </ViewSelect>
      </div>
      {hasActivity(periods) ? (
        <Suspense fallback={<Skeleton tall />}>
          <ImpactTrendsChart periods={periods} granularity={granularity} metric={metric} />
        </Suspense>
      ) : (
        <p className="impact-section__note">{t('publicImpact.trends.empty')}</p>
      )}
    </section>
  );
}

function ImpactMap({
  cells,
  MapView,
}: {
  cells: ImpactCell[];
  MapView: ComponentType<CellsMapViewProps>;
}) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const sizeKm = cells[0]?.sizeKm;
  return (
    <section className="impact-section" aria-labelledby="impact-map-title">
      <h2 id="impact-map-title" className="section-heading">
        {t('publicImpact.map.title')}
      </h2>
      <p className="impact-section__note">
        {sizeKm
          ? t('publicImpact.map.description', {
              size: number(sizeKm, { maximumFractionDigits: 1 }),
            })
          : t('publicImpact.map.descriptionNoSize')}
      </p>
      {cells.length === 0 ? (
        <p className="impact-section__note" data-testid="impact-map-empty">
          {t('publicImpact.map.empty')}
        </p>
      ) : (
        <Suspense fallback={<Skeleton tall />}>
          <MapView
            cells={cells}
            label={t('publicImpact.map.label')}
            describe={(cell) => t('publicImpact.map.cell', { value: number(cell.rescues) })}
          />
        </Suspense>
      )}
    </section>
  );
}

interface PublicImpactPageProps {
  MapView: ComponentType<CellsMapViewProps>;
}

/**
 * The public impact page (no sign-in): the platform's figures for a range, figures first and
 * the chart and map after them, how they are counted, and the same figures as open data.
 * The range lives in the address (`?range=90d`), so a shared link shows what was shared.
 */
export function PublicImpactPage({ MapView }: PublicImpactPageProps) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const range: PublicImpactRange = isPublicImpactRange(asked) ? asked : DEFAULT_PUBLIC_IMPACT_RANGE;
  // The address changes inside a router transition; the radio shows the choice at once.
  const [picked, setPicked] = useState<PublicImpactRange | null>(null);
  useEffect(() => setPicked(null), [range]);
  const query = usePublicImpact(range);
  useDocumentTitle(t('publicImpact.title'));
  const impact = query.data;

  function handleRange(next: PublicImpactRange) {
    setPicked(next);
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === DEFAULT_PUBLIC_IMPACT_RANGE) copy.delete('range');
        else copy.set('range', next);
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <div className="impact-page">
      <section className="hero impact-hero">
        <div className="container">
          <p className="eyebrow">{t('publicImpact.eyebrow')}</p>
          <h1 className="hero__title" tabIndex={-1}>
            {t('publicImpact.title')}
          </h1>
          <p className="hero__lead">{t('publicImpact.lead')}</p>
          <div className="impact-hero__controls">
            <RangePicker value={picked ?? range} onChange={handleRange} />
            <p className="impact-hero__updated" aria-live="polite">
              {impact && !query.isPlaceholderData
                ? t('publicImpact.updated', {
                    time: date(impact.generatedAt, { dateStyle: 'medium', timeStyle: 'short' }),
                  })
                : null}
            </p>
          </div>
        </div>
      </section>
      <div className="container impact-body" aria-busy={query.isFetching || undefined}>
        {query.isError && !impact ? (
          <Alert tone="error" title={t('publicImpact.loadError')}>
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              {t('publicImpact.retry')}
            </Button>
          </Alert>
        ) : !impact ? (
          <div className="stat-grid" aria-busy="true">
            <span className="sr-only">{t('common.loading')}</span>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="stat-card skeleton-card" aria-hidden="true" />
            ))}
          </div>
        ) : (
          <>
            <ImpactTotals impact={impact} />
            <ImpactOrganisations impact={impact} />
            <ImpactTrends impact={impact} />
            <ImpactMap cells={impact.cells} MapView={MapView} />
            <div className="impact-columns">
              <ImpactCuisines impact={impact} />
              <ImpactQuality impact={impact} />
            </div>
            <ImpactMethods impact={impact} />
            <ImpactOpenData impact={impact} range={range} />
          </>
        )}
      </div>
    </div>
  );
}
