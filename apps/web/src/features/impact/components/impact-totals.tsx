import { useTranslation } from 'react-i18next';
import { ImpactBasisNote } from '../../../components/ui/impact-basis-note';
import { StatCard } from '../../../components/ui/stat-card';
import { BowlIcon, ChartIcon, LeafIcon, StoreIcon } from '../../../components/ui/icons';
import { useFormat } from '../../../lib/use-format';
import { PUBLIC_ORGANISATION_ROLES, type PublicImpact } from '../api/public-impact-types';
import { familyDays, kmNotDriven } from '../lib/equivalents';

/** Meals, kilograms, CO2 and completed donations, with what they amount to in everyday terms. */
export function ImpactTotals({ impact }: { impact: PublicImpact }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const { totals, factors } = impact;
  const one = { maximumFractionDigits: 1 };
  return (
    <section className="impact-section" aria-labelledby="impact-totals-title">
      <h2 id="impact-totals-title" className="section-heading">
        {t('publicImpact.totals.title')}
      </h2>
      <div className="stat-grid" data-testid="impact-totals">
        <StatCard
          label={t('publicImpact.totals.meals')}
          value={number(totals.meals, one)}
          icon={<BowlIcon />}
          tone="saffron"
        />
        <StatCard
          label={t('publicImpact.totals.kg')}
          value={t('publicImpact.kgValue', { value: number(totals.kg, one) })}
          icon={<StoreIcon />}
          tone="blue"
        />
        <StatCard
          label={t('publicImpact.totals.co2')}
          value={t('publicImpact.kgValue', { value: number(totals.co2Kg, one) })}
          icon={<LeafIcon />}
        />
        <StatCard
          label={t('publicImpact.totals.completed')}
          value={number(totals.completedDonations)}
          icon={<ChartIcon />}
          tone="rose"
        />
      </div>
      <ImpactBasisNote counted={totals.completedDonations} measured={totals.measuredDonations} />
      <p className="impact-section__note" data-testid="impact-equivalents">
        {t('publicImpact.totals.equivalents', {
          familyDays: number(Math.round(familyDays(totals.meals, factors))),
          km: number(Math.round(kmNotDriven(totals.co2Kg, factors))),
        })}
      </p>
    </section>
  );
}

/** How many accounts of each role take part: donors, receivers and volunteers. */
export function ImpactOrganisations({ impact }: { impact: PublicImpact }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  return (
    <section className="impact-section" aria-labelledby="impact-orgs-title">
      <h2 id="impact-orgs-title" className="section-heading">
        {t('publicImpact.organisations.title')}
      </h2>
      <dl className="impact-roles" data-testid="impact-organisations">
        {PUBLIC_ORGANISATION_ROLES.map((role) => (
          <div key={role} className="impact-roles__item">
            <dt>{t(`roles.${role}.label`)}</dt>
            <dd>{number(impact.totals.organisations[role] ?? 0)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
