import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role, UserStats } from '@annasetu/domain';
import {
  BowlIcon,
  CoinIcon,
  GiftIcon,
  InboxIcon,
  LeafIcon,
  TruckIcon,
  UtensilsIcon,
} from '../../../components/ui/icons';
import { ImpactBasisNote } from '../../../components/ui/impact-basis-note';
import { StatCard } from '../../../components/ui/stat-card';
import { useFormat } from '../../../lib/use-format';
import {
  figuresForRole,
  figuresToShow,
  fractionDigits,
  impactBasisLine,
  type FigureKey,
} from '../lib/figures';
import '../../../styles/impact.css';

type Tone = 'green' | 'saffron' | 'blue' | 'rose';

const LOOK: Record<FigureKey, { icon: ReactNode; tone: Tone }> = {
  donationsMade: { icon: <GiftIcon />, tone: 'green' },
  mealsDonated: { icon: <BowlIcon />, tone: 'saffron' },
  kgDonated: { icon: <UtensilsIcon />, tone: 'blue' },
  co2Saved: { icon: <LeafIcon />, tone: 'green' },
  tokens: { icon: <CoinIcon />, tone: 'saffron' },
  deliveriesCompleted: { icon: <TruckIcon />, tone: 'blue' },
  volunteerCo2: { icon: <LeafIcon />, tone: 'green' },
  deliveriesReceived: { icon: <InboxIcon />, tone: 'blue' },
  receiverCo2: { icon: <LeafIcon />, tone: 'green' },
};

interface FigureCardsProps {
  role: Role;
  stats: UserStats | undefined;
  isPending: boolean;
}

/** The user's figures as stat cards, chosen by role; grey placeholders while they load. */
export function FigureCards({ role, stats, isPending }: FigureCardsProps) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const figures = figuresForRole(role);
  if (isPending || !stats) {
    return (
      <div className="stat-grid" aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        {figures.map((f) => (
          <div key={f.key} className="stat-card skeleton-card" aria-hidden="true" />
        ))}
      </div>
    );
  }
  const basis = impactBasisLine(role, stats);
  return (
    <>
      <div className="stat-grid" data-testid="figure-cards">
        {figuresToShow(role, stats).map(({ key, kind }) => {
          const value = number(stats[key], fractionDigits(kind));
          return (
            <StatCard
              key={key}
              icon={LOOK[key].icon}
              tone={LOOK[key].tone}
              label={t(`impact.figures.${key}`)}
              value={kind === 'co2' || kind === 'kg' ? t('impact.kgValue', { value }) : value}
            />
          );
        })}
      </div>
      {basis ? <ImpactBasisNote counted={basis.counted} measured={basis.measured} /> : null}
    </>
  );
}
