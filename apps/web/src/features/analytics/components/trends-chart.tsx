import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import type { TrendsAnswer } from '../api/get-trends';
import { bucketDateOptions, niceMax } from '../lib/figures';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

/**
 * Donations per period as bars (all donations, and the completed ones inside them), drawn as
 * plain SVG. The chart is one image with a summary for screen readers; the same numbers follow
 * in a table.
 */
export function TrendsChart({ trends }: { trends: TrendsAnswer }) {
  const { t } = useTranslation();
  const { number, date } = useFormat();
  const titleId = useId();
  const { buckets, granularity } = trends;
  const label = (start: string) => date(start, bucketDateOptions(granularity));
  const total = buckets.reduce((sum, b) => sum + b.donations, 0);
  const completed = buckets.reduce((sum, b) => sum + b.completed, 0);
  const top = niceMax(Math.max(0, ...buckets.map((b) => b.donations)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = buckets.length > 0 ? plotW / buckets.length : plotW;
  const barW = Math.max(2, Math.min(28, slot * 0.7));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const labelEvery = Math.max(1, Math.ceil(buckets.length / 8));
  const summary = t('analytics.trends.summary', {
    total: number(total),
    completed: number(completed),
    periods: number(buckets.length),
  });

  return (
    <div className="trends">
      <svg
        className="trends__chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        preserveAspectRatio="none"
      >
        <title id={titleId}>{summary}</title>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(top * f)}
              y2={y(top * f)}
              className="trends__grid"
            />
            <text x={PAD.left - 6} y={y(top * f) + 4} className="trends__axis" textAnchor="end">
              {number(top * f, { maximumFractionDigits: 1 })}
            </text>
          </g>
        ))}
        {buckets.map((b, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={b.start}>
              <rect
                x={x}
                y={y(b.donations)}
                width={barW}
                height={Math.max(0, PAD.top + plotH - y(b.donations))}
                className="trends__bar"
              />
              <rect
                x={x}
                y={y(b.completed)}
                width={barW}
                height={Math.max(0, PAD.top + plotH - y(b.completed))}
                className="trends__bar trends__bar--completed"
              />
              {i % labelEvery === 0 ? (
                <text x={x + barW / 2} y={HEIGHT - 8} className="trends__axis" textAnchor="middle">
                  {label(b.start)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <p className="trends__legend" aria-hidden="true">
        <span className="trends__key" />
        {t('analytics.trends.donations')}
        <span className="trends__key trends__key--completed" />
        {t('analytics.trends.completed')}
      </p>
      <div
        className="table-scroll"
        tabIndex={0}
        role="region"
        aria-label={t('analytics.trends.tableLabel')}
      >
        <table className="data-table" data-testid="trends-table">
          <caption className="sr-only">{t('analytics.trends.tableLabel')}</caption>
          <thead>
            <tr>
              <th scope="col">{t(`analytics.trends.period.${granularity}`)}</th>
              <th scope="col">{t('analytics.trends.donations')}</th>
              <th scope="col">{t('analytics.trends.completed')}</th>
              <th scope="col">{t('analytics.trends.columns.meals')}</th>
              <th scope="col">{t('analytics.trends.columns.kg')}</th>
              <th scope="col">{t('analytics.trends.columns.co2')}</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b) => (
              <tr key={b.start}>
                <th scope="row">{label(b.start)}</th>
                <td>{number(b.donations)}</td>
                <td>{number(b.completed)}</td>
                <td>{number(b.meals, { maximumFractionDigits: 1 })}</td>
                <td>{number(b.kg, { maximumFractionDigits: 1 })}</td>
                <td>{number(b.co2, { maximumFractionDigits: 1 })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
