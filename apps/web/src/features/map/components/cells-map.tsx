import { useEffect } from 'react';
import L from 'leaflet';
import { CircleMarker, Tooltip, useMap } from 'react-leaflet';
import { MAP_DEFAULTS } from '@annasetu/domain';
import { MapFrame } from './map-frame';
import '../../../styles/donations.css';

/** An area with a count: the centre of a grid cell, never a real address or point. */
export interface MapCell {
  lat: number;
  lng: number;
  rescues: number;
}

interface CellsMapProps {
  cells: MapCell[];
  label: string;
  /** The words of a cell's tooltip, e.g. "12 rescues in this area". */
  describe: (cell: MapCell) => string;
}

const MIN_RADIUS_PX = 6;
const MAX_RADIUS_PX = 26;

/** A circle's radius: its area grows with the rescues, the largest cell gets the largest circle. */
export function cellRadius(rescues: number, largest: number): number {
  if (largest <= 0 || rescues <= 0) return MIN_RADIUS_PX;
  const share = Math.sqrt(Math.min(rescues, largest) / largest);
  return MIN_RADIUS_PX + share * (MAX_RADIUS_PX - MIN_RADIUS_PX);
}

/** Fits the map to the cells with the product's padding and zoom limit. */
function FitToCells({ cells }: { cells: MapCell[] }) {
  const map = useMap();
  const key = cells.map((c) => `${c.lat},${c.lng}`).join('|');
  useEffect(() => {
    // The key carries the positions, so the map moves only when they change.
    const points = key
      ? key.split('|').map((p) => p.split(',').map(Number) as [number, number])
      : [];
    if (points.length === 0) return;
    if (points.length === 1) {
      map.setView(points[0]!, MAP_DEFAULTS.zoomWithMarkers);
      return;
    }
    map.fitBounds(L.latLngBounds(points), {
      padding: [MAP_DEFAULTS.fitBoundsPaddingPx, MAP_DEFAULTS.fitBoundsPaddingPx],
      maxZoom: MAP_DEFAULTS.fitBoundsMaxZoom,
    });
  }, [map, key]);
  return null;
}

/**
 * Counts per area as circles whose area follows the count: for public figures, where no single
 * donation may be pointed at. India at zoom 5 when there is nothing to show.
 */
export function CellsMap({ cells, label, describe }: CellsMapProps) {
  const largest = Math.max(0, ...cells.map((c) => c.rescues));
  const first = cells[0];
  return (
    <div className="map-wrap">
      <MapFrame
        center={first ? { lat: first.lat, lng: first.lng } : MAP_DEFAULTS.center}
        zoom={first ? MAP_DEFAULTS.zoomWithMarkers : MAP_DEFAULTS.zoom}
        label={label}
        className="map--cells"
      >
        {cells.map((cell) => (
          <CircleMarker
            key={`${cell.lat},${cell.lng}`}
            center={[cell.lat, cell.lng]}
            radius={cellRadius(cell.rescues, largest)}
            pathOptions={{
              color: '#134d2f',
              weight: 1.5,
              fillColor: '#1d6b43',
              fillOpacity: 0.45,
            }}
          >
            <Tooltip>{describe(cell)}</Tooltip>
          </CircleMarker>
        ))}
        <FitToCells cells={cells} />
      </MapFrame>
    </div>
  );
}

export { CellsMap as default };
