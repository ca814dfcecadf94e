import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import type { PublicImpact } from '../api/public-impact-types';
import { percentages } from '../lib/equivalents';

interface Part {
  key: string;
  label: string;
  value: number;
  tone: 'good' | 'bad' | 'nursery' | 'poultry';
}

/** A bar split into parts, then each part's count and share in words. */
function SplitBar({ parts, label }: { parts: Part[]; label: string }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const shares = percentages(parts.map((p) => p.value));
  return (
    <div className="impact-split">
      <div className="impact-split__bar" aria-hidden="true">
        {parts.map((part, i) =>
          shares[i]! > 0 ? (
            <span
              key={part.key}
              className={`impact-split__part impact-split__part--${part.tone}`}
              style={{ width: `${shares[i]}%` }}
            />
          ) : null,
        )}
      </div>
      <ul className="impact-split__legend" aria-label={label}>
        {parts.map((part, i) => (
          <li key={part.key} data-testid={`impact-${part.key}`}>
            <span
              className={`impact-split__key impact-split__part--${part.tone}`}
              aria-hidden="true"
            />
            <span className="impact-split__name">{part.label}</span>
            <span className="impact-split__value">
              {t('publicImpact.quality.countShare', {
                value: number(part.value),
                percent: number(shares[i]!),
              })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Food collected in good condition against food unfit for people, and where the latter went. */
export function ImpactQuality({ impact }: { impact: PublicImpact }) {
  const { t } = useTranslation();
  const { quality, badFoodTo } = impact;
  const collected = quality.good + quality.bad;
  const badDelivered = badFoodTo.nursery + badFoodTo.poultry;
  return (
    <section className="impact-section panel" aria-labelledby="impact-quality-title">
      <h2 id="impact-quality-title" className="section-heading">
        {t('publicImpact.quality.title')}
      </h2>
      {collected === 0 ? (
        <p className="impact-section__note">{t('publicImpact.quality.empty')}</p>
      ) : (
        <SplitBar
          label={t('publicImpact.quality.title')}
          parts={[
            {
              key: 'good',
              label: t('publicImpact.quality.good'),
              value: quality.good,
              tone: 'good',
            },
            { key: 'bad', label: t('publicImpact.quality.bad'), value: quality.bad, tone: 'bad' },
          ]}
        />
      )}
      <h3 className="impact-section__subheading">{t('publicImpact.quality.badTo')}</h3>
      {badDelivered === 0 ? (
        <p className="impact-section__note">{t('publicImpact.quality.badToEmpty')}</p>
      ) : (
        <SplitBar
          label={t('publicImpact.quality.badTo')}
          parts={[
            {
              key: 'nursery',
              label: t('destination.types.nursery'),
              value: badFoodTo.nursery,
              tone: 'nursery',
            },
            {
              key: 'poultry',
              label: t('destination.types.poultry'),
              value: badFoodTo.poultry,
              tone: 'poultry',
            },
          ]}
        />
      )}
    </section>
  );
}

/** The cuisines most donated in the range, with a bar each against the first. */
export function ImpactCuisines({ impact }: { impact: PublicImpact }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const top = Math.max(1, ...impact.cuisines.map((c) => c.donations));
  return (
    <section className="impact-section panel" aria-labelledby="impact-cuisines-title">
      <h2 id="impact-cuisines-title" className="section-heading">
        {t('publicImpact.cuisines.title')}
      </h2>
      {impact.cuisines.length === 0 ? (
        <p className="impact-section__note">{t('publicImpact.cuisines.empty')}</p>
      ) : (
        <ol className="impact-cuisines" data-testid="impact-cuisines">
          {impact.cuisines.map((c) => (
            <li key={c.cuisine} className="impact-cuisines__item">
              <span className="impact-cuisines__name" dir="auto">
                {c.cuisine}
              </span>
              <span className="impact-cuisines__count">
                {t('publicImpact.cuisines.count', { value: number(c.donations) })}
              </span>
              <span className="impact-cuisines__bar" aria-hidden="true">
                <span style={{ width: `${(c.donations / top) * 100}%` }} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
