import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { indiaWallClock, isReceiptShortfall } from '@annasetu/domain';
import { FssaiFact } from '../../../components/ui/food-safety-facts';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/use-format';
import { useHandover, type HandoverRecord } from '../api/get-handover';
import '../../../components/ui/food-safety.css';
import '../handover.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The record's facts in the reader's language, times on India's clock like the register. */
function HandoverFacts({ record }: { record: HandoverRecord }) {
  const { t } = useTranslation();
  const { date, number } = useFormat();
  const onIndiaClock = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } as const;
  const time = (iso: string | null) =>
    iso ? date(indiaWallClock(iso), onIndiaClock) : t('handover.values.notYet');
  const holding = (kind: HandoverRecord['holding']) =>
    kind ? t(`foodSafety.holding.${kind}`) : t('handover.values.notRecorded');
  const closed = record.containerClosed;
  const amount = (quantity: number | null) =>
    quantity === null
      ? t('handover.values.notRecorded')
      : `${number(quantity)} ${t(`donations.units.${record.unit}`)}`;
  const short = isReceiptShortfall(record.pickedQuantity, record.receivedQuantity);
  return (
    <>
      <h3 className="section-heading handover-record__heading">{t('handover.sections.donor')}</h3>
      <dl className="item-card__facts">
        <Fact label={t('handover.fields.donor')}>{record.donorName}</Fact>
        {record.donorFssai !== undefined ? (
          <FssaiFact label={t('foodSafety.fssai.donor')} record={record.donorFssai} />
        ) : null}
        <Fact label={t('handover.fields.food')}>{record.foodType}</Fact>
        <Fact label={t('handover.fields.quantity')}>
          {`${number(record.quantity)} ${t(`donations.units.${record.unit}`)}`}
        </Fact>
        <Fact label={t('handover.fields.vegMark')}>
          {t(`donations.vegTypes.${record.vegType}`)}
        </Fact>
        <Fact label={t('foodSafety.card.allergens')}>
          {record.allergens.length > 0
            ? record.allergens.map((a) => t(`foodSafety.allergen.${a}`)).join(', ')
            : t('foodSafety.card.noAllergens')}
        </Fact>
        <Fact label={t('handover.fields.prepared')}>
          {/* As the donor wrote it, on their clock. */}
          {date(new Date(`${record.prepDate}T${record.prepTime}:00Z`), onIndiaClock)}
        </Fact>
        <Fact label={t('handover.fields.holdingStated')}>
          {record.holding
            ? t(`foodSafety.holding.${record.holding}`)
            : t('foodSafety.card.notStated')}
        </Fact>
        <Fact label={t('foodSafety.card.safeUntil')}>
          {record.safeUntil ? time(record.safeUntil) : t('foodSafety.card.notStated')}
        </Fact>
      </dl>

      <h3 className="section-heading handover-record__heading">{t('handover.sections.pickup')}</h3>
      <dl className="item-card__facts">
        <Fact label={t('handover.fields.handledBy')}>
          {record.isSelfDelivery ? t('handover.values.selfDelivery') : (record.volunteerName ?? '')}
        </Fact>
        {record.isSelfDelivery ? null : (
          <>
            <Fact label={t('handover.fields.pickedUp')}>{time(record.pickedUpAt)}</Fact>
            <Fact label={t('handover.fields.pickedQuantity')}>{amount(record.pickedQuantity)}</Fact>
            <Fact label={t('handover.fields.holdingAtPickup')}>
              {holding(record.holdingAtPickup)}
            </Fact>
            <Fact label={t('handover.fields.containerClosed')}>
              {closed === null
                ? t('handover.values.notRecorded')
                : t(closed ? 'handover.values.yes' : 'handover.values.no')}
            </Fact>
          </>
        )}
        <Fact label={t('handover.fields.quality')}>
          {record.quality ? t(`requests.quality.${record.quality}`) : t('handover.values.notYet')}
        </Fact>
      </dl>

      <h3 className="section-heading handover-record__heading">{t('handover.sections.receipt')}</h3>
      <dl className="item-card__facts">
        <Fact label={t('handover.fields.receiver')}>{record.destinationName ?? ''}</Fact>
        {record.destinationFssai !== undefined ? (
          <FssaiFact label={t('handover.fields.receiverFssai')} record={record.destinationFssai} />
        ) : null}
        <Fact label={t('handover.fields.received')}>{time(record.receivedAt)}</Fact>
        <Fact label={t('handover.fields.receivedQuantity')}>
          {amount(record.receivedQuantity)}
          {short ? (
            <span className="item-card__danger"> ({t('handover.values.shortfall')})</span>
          ) : null}
        </Fact>
        <Fact label={t('handover.fields.condition')}>
          {record.arrivalCondition
            ? t(`handover.arrival.${record.arrivalCondition}`)
            : t('handover.values.notRecorded')}
        </Fact>
        {record.arrivalNote ? (
          <Fact label={t('handover.fields.note')}>{record.arrivalNote}</Fact>
        ) : null}
      </dl>
      <p className="field__hint">{t('handover.indiaTime')}</p>
    </>
  );
}

/**
 * A donation's handover record on its own page (`/donations/:id#handover`), as its donor,
 * volunteer, receiver and admins see it: who gave the food, what it was and until when it was
 * safe, the checks at pickup, who carried it, who received it and how it arrived (decision 0063).
 * Anyone else sees nothing (the server answers 403); a party asking before the food left the
 * donor is told why there is no record yet.
 */
export function HandoverSection({ donationId }: { donationId: string }) {
  const { t } = useTranslation();
  const handover = useHandover(donationId, true);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = handover.isSuccess;
  // Opened from a request card's link: the record is what the reader came for.
  useEffect(() => {
    if (shown && window.location.hash === '#handover') heading.current?.scrollIntoView();
  }, [shown]);
  const code = isApiError(handover.error) ? handover.error.code : '';
  if (code === 'FORBIDDEN' || code === 'NOT_FOUND') return null;
  return (
    <section id="handover" className="panel page__section" aria-labelledby="handover-title">
      <h2 id="handover-title" ref={heading} className="section-heading" tabIndex={-1}>
        {t('handover.open')}
      </h2>
      {handover.isPending ? (
        <Spinner label={t('handover.loading')} />
      ) : code === 'HANDOVER_NOT_YET' ? (
        <p className="field__hint">{t('errors.HANDOVER_NOT_YET')}</p>
      ) : handover.isError ? (
        <p className="alert alert--error" role="alert">
          {t('handover.loadError')}
        </p>
      ) : (
        <div data-testid="handover-record">
          <HandoverFacts record={handover.data} />
        </div>
      )}
    </section>
  );
}
