import { ShieldIcon } from '../../components/ui/icons';
import { SectionPage } from './section-page';

export function AdminPage() {
  return <SectionPage section="admin" icon={ShieldIcon} />;
}

export { AdminPage as Component };
