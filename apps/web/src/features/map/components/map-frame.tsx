import 'leaflet/dist/leaflet.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, ZoomControl } from 'react-leaflet';
import { MAP_DEFAULTS, type Coordinates } from '@annasetu/domain';
import { mapTiles } from '../lib/config';

interface MapFrameProps {
  center: Coordinates;
  zoom: number;
  label: string;
  className?: string;
  children?: ReactNode;
}

/** A Leaflet map with the product's zoom range, configured tiles and translated controls. */
export function MapFrame({ center, zoom, label, className, children }: MapFrameProps) {
  const { t } = useTranslation();
  const tiles = mapTiles();
  return (
    <div className={`map ${className ?? ''}`} role="region" aria-label={label}>
      <MapContainer
        center={[center.lat, center.lng]}
        zoom={zoom}
        minZoom={MAP_DEFAULTS.minZoom}
        maxZoom={MAP_DEFAULTS.maxZoom}
        zoomControl={false}
        scrollWheelZoom={false}
        className="map__canvas"
      >
        <TileLayer
          url={tiles.url}
          attribution={tiles.attribution}
          minZoom={MAP_DEFAULTS.minZoom}
          maxZoom={MAP_DEFAULTS.maxZoom}
        />
        <ZoomControl
          position="topleft"
          zoomInTitle={t('map.zoomIn')}
          zoomOutTitle={t('map.zoomOut')}
        />
        {children}
      </MapContainer>
    </div>
  );
}
