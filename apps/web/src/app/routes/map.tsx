import { MapIcon } from '../../components/ui/icons';
import { SectionPage } from './section-page';

export function MapPage() {
  return <SectionPage section="map" icon={MapIcon} />;
}

export { MapPage as Component };
