import { useTranslation } from 'react-i18next';
import { isVolunteerRole } from '@annasetu/domain';
import { PageHeader } from '../../components/ui/page-header';
import { HygieneLessons } from '../../features/training/components/hygiene-lessons';
import { HygieneQuiz } from '../../features/training/components/hygiene-quiz';
import { HygieneStatusText } from '../../features/training/components/hygiene-status';
import { useSession } from '../../lib/session';

/**
 * The food hygiene course (decision 0067): the lessons for anyone signed in, and for a
 * volunteer their standing and the quiz they pass before a first pickup.
 */
export function TrainingPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const volunteer = user ? isVolunteerRole(user.role) : false;
  return (
    <div className="page">
      <PageHeader title={t('hygiene.title')} description={t('hygiene.description')} />
      {user && volunteer ? (
        <p className="alert alert--info" data-testid="hygiene-status">
          <HygieneStatusText passedAt={user.hygienePassedAt} />
        </p>
      ) : null}
      <HygieneLessons />
      {volunteer ? <HygieneQuiz /> : null}
    </div>
  );
}

export { TrainingPage as Component };
