import { useTranslation } from 'react-i18next';
import {
  impactMessages,
  isReceiverRole,
  isVolunteerRole,
  type Role,
  type UserStats,
} from '@annasetu/domain';
import { LeafIcon } from '../../../components/ui/icons';
import { useFormat } from '../../../lib/use-format';

/** Which "get started" sentence a role sees before any impact sentence is earned. */
function roleGroup(role: Role): 'donor' | 'volunteer' | 'receiver' {
  if (isVolunteerRole(role)) return 'volunteer';
  if (isReceiverRole(role)) return 'receiver';
  return 'donor';
}

interface ImpactPanelProps {
  role: Role;
  stats: UserStats;
  headingId?: string;
}

/**
 * "Your impact": the seed's impact sentences for every figure above its threshold, with their
 * equivalences (kilometres not driven, family-days of food); a role's first step when none is earned.
 */
export function ImpactPanel({ role, stats, headingId = 'your-impact' }: ImpactPanelProps) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const messages = impactMessages(stats, role);
  const one = { maximumFractionDigits: 1 };
  return (
    <section className="panel impact-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading impact-panel__title">
        <span className="impact-panel__icon" aria-hidden="true">
          <LeafIcon />
        </span>
        {t('impact.title')}
      </h2>
      {messages.length === 0 ? (
        <p className="impact-panel__empty">{t(`impact.empty.${roleGroup(role)}`)}</p>
      ) : (
        <ul className="impact-panel__list" data-testid="impact-messages">
          {messages.map((m) => (
            <li key={m.id}>
              {t(`impact.messages.${m.id}`, {
                value: number(m.value, one),
                equivalent: number(m.equivalent ?? 0, { maximumFractionDigits: 1 }),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
