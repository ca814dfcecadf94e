import { InboxIcon } from '../../components/ui/icons';
import { SectionPage } from './section-page';

export function RequestsPage() {
  return <SectionPage section="requests" icon={InboxIcon} />;
}

export { RequestsPage as Component };
