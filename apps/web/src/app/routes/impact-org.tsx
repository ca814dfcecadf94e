import { useParams } from 'react-router';
import { PublicOrgPage } from '../../features/impact/components/public-org-page';
import { PublicShell } from '../layouts/public-shell';

/** `/impact/org/:slug`: one organisation's published impact card, without sign-in. */
export function ImpactOrgRoute() {
  const { slug = '' } = useParams();
  return (
    <PublicShell>
      <PublicOrgPage key={slug} slug={slug} />
    </PublicShell>
  );
}

export { ImpactOrgRoute as Component };
