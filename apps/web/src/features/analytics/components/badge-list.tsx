import { useTranslation } from 'react-i18next';
import type { BadgeStatus } from '@annasetu/domain';
import { SparkIcon } from '../../../components/ui/icons';
import { percent } from '../lib/figures';

/** The four badges: earned ones in colour, the others with how far along the user is. */
export function BadgeList({ badges }: { badges: BadgeStatus[] }) {
  const { t } = useTranslation();
  return (
    <ul className="badge-list" data-testid="badges">
      {badges.map((badge) => (
        <li
          key={badge.id}
          className={`badge-tile ${badge.earned ? 'badge-tile--earned' : ''}`}
          data-earned={badge.earned}
        >
          <span className="badge-tile__icon" aria-hidden="true">
            <SparkIcon />
          </span>
          <span className="badge-tile__name">{t(`analytics.badges.${badge.id}.name`)}</span>
          <span className="badge-tile__rule">{t(`analytics.badges.${badge.id}.rule`)}</span>
          <span className="badge-tile__state">
            {badge.earned
              ? t('analytics.badges.earned')
              : t('analytics.badges.progress', { percent: percent(badge.progress) })}
          </span>
        </li>
      ))}
    </ul>
  );
}
