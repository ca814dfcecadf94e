import { lazy } from 'react';
import { PublicImpactPage } from '../../features/impact/components/public-impact-page';
import { PublicShell } from '../layouts/public-shell';

// Leaflet comes from the map feature, in its own chunk, only once there are cells to show.
const CellsMap = lazy(() => import('../../features/map/components/cells-map'));

/** `/impact`: the platform's public figures, without sign-in. */
export function ImpactRoute() {
  return (
    <PublicShell>
      <PublicImpactPage MapView={CellsMap} />
    </PublicShell>
  );
}

export { ImpactRoute as Component };
