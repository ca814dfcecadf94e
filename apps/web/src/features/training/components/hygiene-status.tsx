import { useTranslation } from 'react-i18next';
import { hygieneValidUntil, isHygieneCurrent } from '@annasetu/domain';
import { ButtonLink } from '../../../components/ui/button';
import { useFormat } from '../../../lib/use-format';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** Where a volunteer stands with the course: passed (until when), ended, or not yet. */
export function HygieneStatusText({ passedAt }: { passedAt: string | null }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  if (!passedAt) return <>{t('hygiene.status.none')}</>;
  const until = date(hygieneValidUntil(passedAt)!, DAY);
  const key = isHygieneCurrent(passedAt) ? 'hygiene.status.passed' : 'hygiene.status.expired';
  return <>{t(key, { date: date(passedAt, DAY), until })}</>;
}

/**
 * Above a volunteer's feed while their pass does not hold: what stands between them and a
 * pickup, and the way to the course. Nothing once they have passed.
 */
export function HygieneBanner({ passedAt }: { passedAt: string | null }) {
  const { t } = useTranslation();
  if (isHygieneCurrent(passedAt)) return null;
  return (
    <div className="alert alert--info hygiene-banner" role="note" data-testid="hygiene-banner">
      <p>{t(passedAt ? 'hygiene.banner.expired' : 'hygiene.banner.none')}</p>
      <ButtonLink size="sm" to="/training">
        {t('hygiene.banner.action')}
      </ButtonLink>
    </div>
  );
}
