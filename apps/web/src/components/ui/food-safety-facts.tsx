import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Allergen, FssaiRecord, HoldingKind } from '@annasetu/domain';
import { useFormat } from '../../lib/use-format';
import './food-safety.css';

interface FoodSafetyFactsProps {
  holding: HoldingKind | null | undefined;
  allergens: readonly Allergen[] | undefined;
  safeUntil: string | null | undefined;
  /** Packaged food's own use-by date, as printed on the pack (shown beside the safe-by time). */
  useBy?: string | null;
  /** The page's clock; without one, the moment the card was first drawn. */
  now?: number;
}

/**
 * How the food is kept, its allergens and "safe for people until", as rows of a card's facts
 * (donation and request cards). Past the safe-by time the row says the food is not fit for
 * people any more.
 */
export function FoodSafetyFacts({
  holding,
  allergens,
  safeUntil,
  useBy,
  now,
}: FoodSafetyFactsProps) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const [drawnAt] = useState(() => Date.now());
  const past = safeUntil != null && Date.parse(safeUntil) <= (now ?? drawnAt);
  return (
    <>
      <div>
        <dt>{t('foodSafety.card.holding')}</dt>
        <dd>{holding ? t(`foodSafety.holding.${holding}`) : t('foodSafety.card.notStated')}</dd>
      </div>
      {holding === 'packaged' && useBy ? (
        <div>
          <dt>{t('foodSafety.useBy')}</dt>
          <dd>{date(useBy, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
        </div>
      ) : null}
      {safeUntil ? (
        <div>
          <dt>{t('foodSafety.card.safeUntil')}</dt>
          <dd className={past ? 'item-card__danger' : undefined} data-testid="safe-until">
            {date(safeUntil, { dateStyle: 'medium', timeStyle: 'short' })}
            {past ? ` · ${t('foodSafety.card.pastSafe')}` : null}
          </dd>
        </div>
      ) : null}
      {holding ? (
        <div>
          <dt>{t('foodSafety.card.allergens')}</dt>
          <dd data-testid="allergens">
            {allergens && allergens.length > 0
              ? allergens.map((a) => (
                  <span key={a} className="chip chip--allergen">
                    {t(`foodSafety.allergen.${a}`)}
                  </span>
                ))
              : t('foodSafety.card.noAllergens')}
          </dd>
        </div>
      ) : null}
    </>
  );
}

/** An organisation's FSSAI number with whether an admin checked it, or that it has none. */
export function FssaiFact({ label, record }: { label: string; record: FssaiRecord | null }) {
  const { t } = useTranslation();
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {record ? (
          <>
            <span translate="no">{record.number}</span>{' '}
            <span className={record.verified ? 'chip chip--verified' : 'chip chip--muted'}>
              {record.verified ? t('foodSafety.fssai.verified') : t('foodSafety.fssai.unverified')}
            </span>
          </>
        ) : (
          <span className="item-card__warn">{t('foodSafety.fssai.missing')}</span>
        )}
      </dd>
    </div>
  );
}
