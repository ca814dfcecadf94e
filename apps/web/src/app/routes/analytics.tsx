import { AnalyticsView } from '../../features/analytics/components/analytics-view';
import { useSession } from '../../lib/session';

export function AnalyticsPage() {
  const { user } = useSession();
  if (!user) return null;
  return <AnalyticsView user={user} />;
}

export { AnalyticsPage as Component };
