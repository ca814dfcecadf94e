import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeafletEvent, Marker as LeafletMarker } from 'leaflet';
import { Marker, useMapEvents } from 'react-leaflet';
import { MAP_DEFAULTS, type Coordinates } from '@annasetu/domain';
import { useFormat } from '../../../lib/use-format';
import { donationIcon } from '../lib/icons';
import { MapFrame } from './map-frame';

interface PickupMapProps {
  value: Coordinates;
  onChange: (value: Coordinates) => void;
  label: string;
}

const round = (value: number) => Number(value.toFixed(6));

function ClickToMove({ onChange }: { onChange: (value: Coordinates) => void }) {
  useMapEvents({
    click(event) {
      onChange({ lat: round(event.latlng.lat), lng: round(event.latlng.lng) });
    },
  });
  return null;
}

/** The pickup point: drag the marker or tap the map; it starts at the donor's own point. */
export function PickupMap({ value, onChange, label }: PickupMapProps) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const handlers = useMemo(
    () => ({
      dragend(event: LeafletEvent) {
        const point = (event.target as LeafletMarker).getLatLng();
        onChange({ lat: round(point.lat), lng: round(point.lng) });
      },
    }),
    [onChange],
  );
  return (
    <div className="map-wrap">
      <MapFrame
        center={value}
        zoom={MAP_DEFAULTS.fitBoundsMaxZoom}
        label={label}
        className="map--pickup"
      >
        <Marker
          position={[value.lat, value.lng]}
          icon={donationIcon}
          draggable
          eventHandlers={handlers}
          alt={t('map.pickupMarker')}
          title={t('map.pickupMarker')}
        />
        <ClickToMove onChange={onChange} />
      </MapFrame>
      <p className="map-legend" aria-live="polite">
        {t('location.coordinates', {
          lat: number(value.lat, { maximumFractionDigits: 5 }),
          lng: number(value.lng, { maximumFractionDigits: 5 }),
        })}
      </p>
    </div>
  );
}

export { PickupMap as default };
