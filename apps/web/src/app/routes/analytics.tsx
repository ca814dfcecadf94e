import { ChartIcon } from '../../components/ui/icons';
import { SectionPage } from './section-page';

export function AnalyticsPage() {
  return <SectionPage section="analytics" icon={ChartIcon} />;
}

export { AnalyticsPage as Component };
