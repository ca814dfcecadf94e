import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Donation } from '@annasetu/domain';
import { ApproximateArea } from '../../../components/ui/approximate-area';
import { FoodSafetyFacts, FssaiFact } from '../../../components/ui/food-safety-facts';
import { useFormat } from '../../../lib/use-format';
import { donationCardId } from '../lib/card-id';
import { expiresSoon, expiryLabel } from '../lib/expiry';
import { DonationStatusBadge } from './donation-status';

interface DonationCardProps {
  donation: Donation;
  now: number;
  /** The donor's own list shows how many requests came in. */
  showRequests?: boolean;
  actions?: ReactNode;
}

/** One donation: what, how much, where, until when, and what this user can do with it. */
export function DonationCard({ donation, now, showRequests = false, actions }: DonationCardProps) {
  const { t } = useTranslation();
  const { number, date } = useFormat();
  const soon = donation.status === 'pending' && expiresSoon(donation.expiryTime, now);
  const prepared = date(`${donation.prepDate}T${donation.prepTime.slice(0, 5)}:00`, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <article
      id={donationCardId(donation.id)}
      tabIndex={-1}
      className="item-card"
      aria-labelledby={`donation-${donation.id}`}
    >
      <div className="item-card__head">
        <h3 id={`donation-${donation.id}`} className="item-card__title">
          {donation.foodType}
        </h3>
        <DonationStatusBadge status={donation.status} />
      </div>
      <p className="item-card__meta">
        <span className="chip">
          {`${number(donation.quantity)} ${t(`donations.units.${donation.unit}`)}`}
        </span>
        {donation.seriesId ? <span className="chip">{t('donations.recurring')}</span> : null}
        <span className={`chip chip--veg-${donation.vegType}`}>
          {t(`donations.vegTypes.${donation.vegType}`)}
        </span>
        <span className="chip chip--muted">{donation.cuisine}</span>
        {donation.distanceKm !== undefined ? (
          <span className="chip chip--muted">
            {t('donations.distance', {
              km: number(donation.distanceKm, { maximumFractionDigits: 1 }),
            })}
          </span>
        ) : null}
      </p>
      <dl className="item-card__facts">
        <div>
          <dt>{t('donations.card.donor')}</dt>
          <dd>
            {donation.donorName}
            {donation.donorVerified ? (
              <span className="chip chip--verified">{t('donations.verified')}</span>
            ) : null}
          </dd>
        </div>
        {donation.pickupAddress !== null ? (
          <div>
            <dt>{t('donations.card.pickup')}</dt>
            <dd>{donation.pickupAddress}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('privacy.area')}</dt>
            <dd>
              <ApproximateArea area={donation.pickupArea} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('donations.card.prepared')}</dt>
          <dd>{prepared}</dd>
        </div>
        <FoodSafetyFacts
          holding={donation.holding}
          allergens={donation.allergens}
          safeUntil={donation.safeUntil}
          useBy={donation.useBy}
          now={now}
        />
        {donation.donorFssai !== undefined ? (
          <FssaiFact label={t('foodSafety.fssai.donor')} record={donation.donorFssai} />
        ) : null}
        <div>
          <dt>{t('donations.card.expiry')}</dt>
          <dd className={soon ? 'item-card__warn' : undefined}>
            {donation.status === 'pending' || donation.status === 'expired'
              ? expiryLabel(t, donation.expiryTime, now)
              : date(donation.expiryTime, { dateStyle: 'medium', timeStyle: 'short' })}
          </dd>
        </div>
        <div>
          <dt>{t('donations.card.delivery')}</dt>
          <dd>{t(`donations.deliveryMethods.${donation.deliveryMethod}`)}</dd>
        </div>
        {donation.volunteerName ? (
          <div>
            <dt>{t('donations.card.volunteer')}</dt>
            <dd>{donation.volunteerName}</dd>
          </div>
        ) : null}
        {showRequests ? (
          <div>
            <dt>{t('donations.card.requests')}</dt>
            <dd data-testid="request-count">{number(donation.totalRequests)}</dd>
          </div>
        ) : null}
      </dl>
      {donation.notes ? <p className="item-card__notes">{donation.notes}</p> : null}
      {actions ? <div className="item-card__actions">{actions}</div> : null}
    </article>
  );
}
