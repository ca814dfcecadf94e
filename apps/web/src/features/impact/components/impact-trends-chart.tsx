import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import type { ImpactPeriod } from '../api/public-impact-types';
import type { TrendMetric } from '../lib/equivalents';

/** Drawing width before the chart has measured its box (and where nothing can measure). */
const DEFAULT_WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 44 };

interface ImpactTrendsChartProps {
  periods: ImpactPeriod[];
  granularity: 'weekly' | 'monthly';
  metric: TrendMetric;
}

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least 1. */
function niceTop(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((f) => f * power >= max) ?? 10;
  return step * power;
}

/** Period labels in UTC: the server's weeks and months are UTC calendar periods. */
function periodOptions(granularity: 'weekly' | 'monthly'): Intl.DateTimeFormatOptions {
  return granularity === 'monthly'
    ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
    : { day: 'numeric', month: 'short', timeZone: 'UTC' };
}

/**
 * One figure per week or month as bars, drawn as plain SVG (no chart library: the analytics
 * screen draws the same way). The chart is one image with a summary; the numbers of every
 * period follow in a table a reader can open.
 */
export function ImpactTrendsChart({ periods, granularity, metric }: ImpactTrendsChartProps) {
  const { t } = useTranslation();
  const { number, date } = useFormat();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  // Drawn at the width it is shown at, so axis labels keep their real size on a phone.
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const label = (start: string) => date(start, periodOptions(granularity));
  const digits = metric === 'completedDonations' ? 0 : 1;
  const values = periods.map((p) => p[metric]);
  const top = niceTop(Math.max(0, ...values));
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = periods.length > 0 ? plotW / periods.length : plotW;
  const barW = Math.max(2, Math.min(32, slot * 0.7));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  // About one date label per 72 px.
  const labelEvery = Math.max(1, Math.ceil(periods.length / Math.max(2, Math.floor(plotW / 72))));
  const total = values.reduce((sum, v) => sum + v, 0);
  const summary = t('publicImpact.trends.summary', {
    metric: t(`publicImpact.trends.metrics.${metric}`),
    total: number(total, { maximumFractionDigits: digits }),
    periods: number(periods.length),
    granularity: t(`publicImpact.trends.granularity.${granularity}`),
  });

  return (
    <div className="trends" ref={box}>
      <svg
        className="trends__chart"
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        preserveAspectRatio="none"
        data-testid="impact-trends-chart"
      >
        <title id={titleId}>{summary}</title>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={width - PAD.right}
              y1={y(top * f)}
              y2={y(top * f)}
              className="trends__grid"
            />
            <text x={PAD.left - 6} y={y(top * f) + 4} className="trends__axis" textAnchor="end">
              {number(top * f, { notation: 'compact', maximumFractionDigits: 1 })}
            </text>
          </g>
        ))}
        {periods.map((p, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const value = p[metric];
          return (
            <g key={p.start}>
              <rect
                x={x}
                y={y(value)}
                width={barW}
                height={Math.max(0, PAD.top + plotH - y(value))}
                className="trends__bar trends__bar--completed"
              />
              {i % labelEvery === 0 ? (
                <text x={x + barW / 2} y={HEIGHT - 8} className="trends__axis" textAnchor="middle">
                  {label(p.start)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <p className="impact-trends__summary">{summary}</p>
      <details className="impact-trends__details">
        <summary>{t('publicImpact.trends.showTable')}</summary>
        <div
          className="table-scroll"
          tabIndex={0}
          role="region"
          aria-label={t('publicImpact.trends.tableLabel')}
        >
          <table className="data-table" data-testid="impact-trends-table">
            <caption className="sr-only">{t('publicImpact.trends.tableLabel')}</caption>
            <thead>
              <tr>
                <th scope="col">{t(`publicImpact.trends.period.${granularity}`)}</th>
                <th scope="col">{t('publicImpact.trends.metrics.completedDonations')}</th>
                <th scope="col">{t('publicImpact.trends.metrics.meals')}</th>
                <th scope="col">{t('publicImpact.trends.metrics.kg')}</th>
                <th scope="col">{t('publicImpact.trends.metrics.co2Kg')}</th>
              </tr>
            </thead>
            <tbody>
              {periods.map((p) => (
                <tr key={p.start}>
                  <th scope="row">{label(p.start)}</th>
                  <td>{number(p.completedDonations)}</td>
                  <td>{number(p.meals, { maximumFractionDigits: 1 })}</td>
                  <td>{number(p.kg, { maximumFractionDigits: 1 })}</td>
                  <td>{number(p.co2Kg, { maximumFractionDigits: 1 })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

export default ImpactTrendsChart;
