import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { BowlIcon, ChartIcon, LeafIcon, StoreIcon } from '../../../components/ui/icons';
import { StatCard } from '../../../components/ui/stat-card';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFormat } from '../../../lib/use-format';
import { usePublicOrg } from '../api/get-public-org';
import '../../../styles/impact.css';
import '../impact.css';

/** What a visitor sees at an address that has no published card: gone, or never there. */
function OrgNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('publicImpact.org.notFoundTitle'));
  return (
    <section className="container impact-org impact-org--missing" data-testid="org-not-found">
      <h1 className="hero__title" tabIndex={-1}>
        {t('publicImpact.org.notFoundTitle')}
      </h1>
      <p className="hero__lead">{t('publicImpact.org.notFoundBody')}</p>
      <ButtonLink to="/impact">{t('publicImpact.org.platformLink')}</ButtonLink>
    </section>
  );
}

/** An organisation's published impact card: its name, role, since when, and its totals. */
export function PublicOrgPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { number, date } = useFormat();
  const query = usePublicOrg(slug);
  const org = query.data;
  useDocumentTitle(org ? org.displayName : t('publicImpact.org.loadingTitle'));

  // 404: not published (or taken down); 400: an address that cannot be a card's.
  if (query.isError && isApiError(query.error) && [400, 404].includes(query.error.status)) {
    return <OrgNotFound />;
  }
  if (query.isError) {
    return (
      <section className="container impact-org">
        <h1 className="hero__title" tabIndex={-1}>
          {t('publicImpact.org.loadingTitle')}
        </h1>
        <Alert tone="error" title={t('publicImpact.loadError')}>
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            {t('publicImpact.retry')}
          </Button>
        </Alert>
      </section>
    );
  }
  if (!org) {
    return (
      <section className="container impact-org" aria-busy="true">
        <h1 className="sr-only" tabIndex={-1}>
          {t('publicImpact.org.loadingTitle')}
        </h1>
        <div className="stat-grid">
          <span className="sr-only">{t('common.loading')}</span>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="stat-card skeleton-card" aria-hidden="true" />
          ))}
        </div>
      </section>
    );
  }

  const one = { maximumFractionDigits: 1 };
  return (
    <section className="container impact-org" data-testid="org-card">
      <p className="eyebrow">{t(`roles.${org.role}.label`)}</p>
      <h1 className="hero__title" tabIndex={-1} dir="auto">
        {org.displayName}
      </h1>
      <p className="hero__lead">
        {t('publicImpact.org.since', { date: date(org.since, { dateStyle: 'long' }) })}
      </p>
      <div className="stat-grid" data-testid="org-totals">
        <StatCard
          label={t('publicImpact.totals.meals')}
          value={number(org.totals.meals, one)}
          icon={<BowlIcon />}
          tone="saffron"
        />
        <StatCard
          label={t('publicImpact.totals.kg')}
          value={t('publicImpact.kgValue', { value: number(org.totals.kg, one) })}
          icon={<StoreIcon />}
          tone="blue"
        />
        <StatCard
          label={t('publicImpact.totals.co2')}
          value={t('publicImpact.kgValue', { value: number(org.totals.co2Kg, one) })}
          icon={<LeafIcon />}
        />
        <StatCard
          label={t('publicImpact.totals.completed')}
          value={number(org.totals.completedDonations)}
          icon={<ChartIcon />}
          tone="rose"
        />
      </div>
      <p className="impact-section__note">{t('publicImpact.org.note')}</p>
      <p>
        <ButtonLink to="/impact" variant="secondary">
          {t('publicImpact.org.platformLink')}
        </ButtonLink>
      </p>
    </section>
  );
}
