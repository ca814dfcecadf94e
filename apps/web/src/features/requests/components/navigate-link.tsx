import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { navigationLink, openStreetMapLink, type Coordinates } from '@annasetu/domain';
import { PinIcon } from '../../../components/ui/icons';
import { mapPlatformOf } from '../../../lib/map-platform';
import '../trip.css';

/** The map service offered beside the phone's own maps app; a name, not translated. */
const OPEN_MAP_SERVICE = 'OpenStreetMap';

/**
 * "Navigate" to one exact point: the phone's own maps app (a `geo:` link on Android, Apple
 * Maps on iOS, Google Maps elsewhere), and OpenStreetMap for anyone without those. Only shown to
 * the person who has to go there (the card decides).
 */
export function NavigateLinks({
  point,
  kind,
  label,
}: {
  point: Coordinates;
  kind: 'pickup' | 'dropoff';
  /** The place's name, for the pin in the maps app. */
  label: string;
}) {
  const { t } = useTranslation();
  const platform = useMemo(() => mapPlatformOf(), []);
  // A geo: link hands over to the maps app; a web link opens beside the app, not over it.
  const away = platform === 'android' ? {} : { target: '_blank', rel: 'noopener' };
  return (
    <span className="navigate">
      <a
        className="btn btn--secondary btn--sm navigate__go"
        href={navigationLink(point, platform, label)}
        {...away}
      >
        <PinIcon />
        <span>{t(`requests.navigate.${kind}`)}</span>
      </a>
      <a className="navigate__alt" href={openStreetMapLink(point)} target="_blank" rel="noopener">
        {t('requests.navigate.elsewhere', { service: OPEN_MAP_SERVICE })}
      </a>
    </span>
  );
}
