import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { MAP_DEFAULTS, type Coordinates } from '@annasetu/domain';
import { markerIcon } from '../lib/icons';
import { spreadOffsets } from '../lib/spread';
import { MapFrame } from './map-frame';

/** A point to show: a donation or a receiver, with its popup content. */
export interface MarkerPoint {
  id: string;
  position: Coordinates;
  kind: 'donation' | 'receiver';
  title: string;
  popup: ReactNode;
}

interface MarkersMapProps {
  markers: MarkerPoint[];
  /** The user's own point: the map opens there when there is something to show. */
  center: Coordinates | null;
  label: string;
}

/** Seed map rules: one marker at zoom 10, several fitted with 20 px padding up to zoom 13. */
function FitToMarkers({ markers }: { markers: MarkerPoint[] }) {
  const map = useMap();
  const key = markers.map((m) => `${m.id}:${m.position.lat},${m.position.lng}`).join('|');
  // Reads the markers of the render that changed the key; a new array of the same points (each
  // refetch gives one) leaves the view where the reader put it.
  const fit = useEffectEvent(() => {
    if (markers.length === 0) return;
    if (markers.length === 1) {
      const only = markers[0]!.position;
      map.setView([only.lat, only.lng], MAP_DEFAULTS.zoomWithMarkers);
      return;
    }
    const bounds = L.latLngBounds(markers.map((m) => [m.position.lat, m.position.lng]));
    map.fitBounds(bounds, {
      padding: [MAP_DEFAULTS.fitBoundsPaddingPx, MAP_DEFAULTS.fitBoundsPaddingPx],
      maxZoom: MAP_DEFAULTS.fitBoundsMaxZoom,
    });
  });
  // The key stands for the markers' ids and positions.
  useEffect(() => fit(), [map, key]);
  return null;
}

/**
 * The markers, spread at the map's current zoom so that no pin covers another: pins close on
 * the screen share one grid (lib/spread.ts), laid out again after each zoom.
 */
function SpreadMarkers({ markers }: { markers: MarkerPoint[] }) {
  const { t } = useTranslation();
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const offsets = spreadOffsets(
    markers.map((m) => map.project([m.position.lat, m.position.lng], zoom)),
  );
  return (
    <>
      {markers.map((marker, index) => {
        const offset = offsets[index];
        const at = markers[offset?.anchor ?? index]!.position;
        return (
          <Marker
            key={`${marker.kind}-${marker.id}`}
            position={[at.lat, at.lng]}
            icon={markerIcon(marker.kind, offset?.dx, offset?.dy)}
            title={marker.title}
            alt={
              marker.kind === 'receiver'
                ? t('map.receiverMarker', { name: marker.title })
                : t('map.donationMarker', { name: marker.title })
            }
          >
            <Popup>{marker.popup}</Popup>
          </Marker>
        );
      })}
    </>
  );
}

/** Donations (and receivers) on a map; India at zoom 5 when there is nothing to show. */
export function MarkersMap({ markers, center, label }: MarkersMapProps) {
  const { t } = useTranslation();
  const start = markers.length > 0 ? (center ?? markers[0]!.position) : MAP_DEFAULTS.center;
  const zoom = markers.length > 0 ? MAP_DEFAULTS.zoomWithMarkers : MAP_DEFAULTS.zoom;
  return (
    <div className="map-wrap">
      <MapFrame center={start} zoom={zoom} label={label}>
        <SpreadMarkers markers={markers} />
        <FitToMarkers markers={markers} />
      </MapFrame>
      <p className="map-legend">
        <span className="map-legend__item">
          <span className="map-legend__dot map-legend__dot--donation" aria-hidden="true" />
          {t('map.legendDonation')}
        </span>
        {markers.some((m) => m.kind === 'receiver') ? (
          <span className="map-legend__item">
            <span className="map-legend__dot map-legend__dot--receiver" aria-hidden="true" />
            {t('map.legendReceiver')}
          </span>
        ) : null}
      </p>
    </div>
  );
}

export { MarkersMap as default };
