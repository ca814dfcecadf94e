import { useTranslation } from 'react-i18next';
import { isDonorRole, isVolunteerRole, type Role } from '@annasetu/domain';

const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

function groupOf(role: Role): 'donor' | 'volunteer' | 'foodbank' | 'unfit' {
  if (isVolunteerRole(role)) return 'volunteer';
  if (role === 'nursery' || role === 'poultry') return 'unfit';
  if (isDonorRole(role)) return 'donor';
  return 'foodbank';
}

/** The few steps of the flow from this role's side. */
export function HowItWorks({ role }: { role: Role }) {
  const { t } = useTranslation();
  const group = groupOf(role);
  return (
    <aside className="panel how-it-works" aria-labelledby="how-it-works-title">
      <h2 id="how-it-works-title" className="section-heading">
        {t('requests.howItWorks.title')}
      </h2>
      <ol>
        {STEPS.map((step) => (
          <li key={step}>{t(`requests.howItWorks.${group}.${step}`)}</li>
        ))}
      </ol>
    </aside>
  );
}
