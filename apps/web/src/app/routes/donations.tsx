import { GiftIcon } from '../../components/ui/icons';
import { SectionPage } from './section-page';

export function DonationsPage() {
  return <SectionPage section="donations" icon={GiftIcon} />;
}

export { DonationsPage as Component };
