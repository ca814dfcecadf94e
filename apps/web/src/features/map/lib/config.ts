/** What the server's /config.js sets before the app starts (tiles can change without a rebuild). */
interface RuntimeMapConfig {
  mapTileUrl?: string;
  mapAttribution?: string;
}

const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** OpenStreetMap's attribution; "contributors" in the reader's language. */
function osmAttribution(contributors: string): string {
  const words = contributors.replace(/[<>&"]/g, '');
  return `&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> ${words}`;
}

/**
 * Tile URL template and attribution: the deployment's, or OpenStreetMap's when none is set
 * (its "contributors" word passed in translated).
 */
export function mapTiles(contributors = 'contributors'): { url: string; attribution: string } {
  const config =
    typeof window === 'undefined'
      ? undefined
      : (window as Window & { __ANNASETU_CONFIG__?: RuntimeMapConfig }).__ANNASETU_CONFIG__;
  return {
    url: config?.mapTileUrl || OSM_TILES,
    attribution: config?.mapAttribution ?? osmAttribution(contributors),
  };
}
