import { useTranslation } from 'react-i18next';
import { NO_SHOW_DEMOTE_AFTER } from '@annasetu/domain';
import { useFormat } from '../../../lib/use-format';

/**
 * A volunteer's own count of pickups not collected in time (decision 0061), as one entry of the
 * profile's facts list, with what the count does to their alerts.
 */
export function NoShowCount({ count }: { count: number }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  return (
    <div className="profile-card__fact--wide">
      <dt id="profile-no-shows">{t('profile.noShows.label')}</dt>
      <dd aria-describedby="profile-no-shows-hint">
        {number(count)}
        <span id="profile-no-shows-hint" className="profile-card__hint">
          {t('profile.noShows.hint', { limit: number(NO_SHOW_DEMOTE_AFTER) })}
        </span>
      </dd>
    </div>
  );
}
