import { BellIcon } from '../../components/ui/icons';
import { SectionPage } from './section-page';

export function NotificationsPage() {
  return <SectionPage section="notifications" icon={BellIcon} />;
}

export { NotificationsPage as Component };
