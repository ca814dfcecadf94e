import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_NEARBY_RADIUS_KM,
  MAX_STOPS_PER_TRIP_LINK,
  haversineKm,
  navigationLink,
  planTrip,
  roundDistanceKm,
  tripLinks,
  type Coordinates,
  type FoodRequest,
  type TripStop,
  type UserProfile,
} from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { LocateIcon, MapIcon } from '../../../components/ui/icons';
import { mapPlatformOf } from '../../../lib/map-platform';
import { useFormat } from '../../../lib/use-format';
import { useDevicePosition } from '../hooks/use-device-position';
import { tripJobs, type RequestJob } from '../lib/trip';
import '../trip.css';

/** A trip is worth planning from two jobs on. */
const MIN_JOBS = 2;

/** The service the whole-trip link opens (its app on phones); a name, not translated. */
const TRIP_SERVICE = 'Google Maps';

/**
 * Where the trip starts: where the phone is, once asked; else the saved location, unless it is
 * farther from every stop than a city-scale search reaches (the New Delhi default, a home in
 * another city): starting there would only put a long first leg at the top.
 */
function startOf(
  device: Coordinates | null,
  saved: Coordinates | null,
  jobs: readonly RequestJob[],
): { point: Coordinates | null; from: 'device' | 'saved' | 'first' } {
  if (device) return { point: device, from: 'device' };
  const points = jobs.flatMap((job) => [job.pickup, job.dropoff]).filter((p) => p !== null);
  if (saved && points.some((p) => haversineKm(saved, p) <= MAX_NEARBY_RADIUS_KM)) {
    return { point: saved, from: 'saved' };
  }
  return { point: null, from: 'first' };
}

/**
 * "Your trip": the jobs a volunteer holds (or a donor's self deliveries) as one ordered list of
 * stops from where they are, each pickup before its drop-off, with the distance of each leg and
 * one link that opens every stop in the maps app. Nothing under two jobs.
 */
export function TripPanel({
  user,
  requests,
}: {
  user: UserProfile;
  requests: readonly FoodRequest[];
}) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const headingId = useId();
  const device = useDevicePosition();
  const platform = useMemo(() => mapPlatformOf(), []);
  const jobs = useMemo(() => tripJobs(requests, user.id), [requests, user.id]);
  const start = useMemo(
    () => startOf(device.position, user.coordinates, jobs),
    [device.position, user.coordinates, jobs],
  );
  const stops = useMemo(() => planTrip(jobs, start.point), [jobs, start.point]);
  if (jobs.length < MIN_JOBS) return null;

  const links = tripLinks(
    start.point,
    stops.map((stop) => stop.point),
  );
  const km = (value: number) =>
    number(roundDistanceKm(value), { maximumFractionDigits: value < 10 ? 1 : 0 });

  return (
    <section className="trip panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        {t('requests.trip.title')}
      </h2>
      <p className="section-lead">
        {t('requests.trip.lead', { count: stops.length })} {t(`requests.trip.from.${start.from}`)}
      </p>
      <div className="trip__locate">
        <Button
          variant="secondary"
          size="sm"
          icon={<LocateIcon />}
          loading={device.state === 'locating'}
          onClick={device.locate}
        >
          {t('requests.trip.useLocation')}
        </Button>
        <p className="trip__status" role="status">
          {device.state === 'denied' || device.state === 'unavailable'
            ? t(`requests.trip.${device.state}`)
            : null}
        </p>
      </div>
      <ol className="trip__stops">
        {stops.map((stop, index) => (
          <TripStopItem
            key={`${stop.kind}-${stop.job.id}`}
            stop={stop}
            number={number(index + 1)}
            leg={
              stop.legKm === null
                ? null
                : t(index === 0 ? 'requests.trip.legFromStart' : 'requests.trip.leg', {
                    km: km(stop.legKm),
                  })
            }
            href={navigationLink(stop.point, platform, placeName(stop))}
          />
        ))}
      </ol>
      <div className="trip__open">
        {links.map((href, index) => (
          <a
            key={href}
            className="btn btn--primary btn--block"
            href={href}
            target="_blank"
            rel="noopener"
          >
            <MapIcon />
            <span>
              {links.length === 1
                ? t('requests.trip.openAll')
                : t('requests.trip.openPart', {
                    part: number(index + 1),
                    parts: number(links.length),
                  })}
            </span>
          </a>
        ))}
        <p className="field__hint">
          {links.length === 1
            ? t('requests.trip.openHint', { service: TRIP_SERVICE })
            : t('requests.trip.partsHint', {
                service: TRIP_SERVICE,
                max: number(MAX_STOPS_PER_TRIP_LINK),
              })}
        </p>
      </div>
    </section>
  );
}

/** Who is at a stop: the donor at a pickup, the destination at a drop-off. */
function placeName({ kind, job }: TripStop<RequestJob>): string {
  const { request } = job;
  return kind === 'pickup' ? request.donorName : (request.destinationName ?? request.requesterName);
}

function TripStopItem({
  stop,
  number,
  leg,
  href,
}: {
  stop: TripStop<RequestJob>;
  number: string;
  leg: string | null;
  href: string;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const { request } = stop.job;
  const area = stop.kind === 'pickup' ? request.donorArea : (request.destinationArea ?? '');
  return (
    <li className={`trip__stop trip__stop--${stop.kind}`}>
      <span className="trip__number" aria-hidden="true">
        {number}
      </span>
      <div className="trip__body">
        <p className="trip__kind">
          <span className={stop.kind === 'pickup' ? 'chip' : 'chip chip--muted'}>
            {t(`requests.trip.${stop.kind}`)}
          </span>
          {leg ? <span className="trip__leg">{leg}</span> : null}
        </p>
        <p className="trip__name" id={nameId}>
          {placeName(stop)}
        </p>
        <p className="trip__place">{area ? `${area} · ${request.foodType}` : request.foodType}</p>
      </div>
      <a
        className="trip__go"
        href={href}
        aria-describedby={nameId}
        {...(href.startsWith('geo:') ? {} : { target: '_blank', rel: 'noopener' })}
      >
        {t('requests.trip.go')}
      </a>
    </li>
  );
}
