import 'leaflet/dist/leaflet.css';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, ZoomControl, useMap } from 'react-leaflet';
import { MAP_DEFAULTS, type Coordinates } from '@annasetu/domain';
import { mapTiles } from '../lib/config';
import { useDataSaver } from '../../../lib/data-saver';

interface MapFrameProps {
  center: Coordinates;
  zoom: number;
  label: string;
  className?: string;
  children?: ReactNode;
}

/**
 * Leaflet's own words in the reader's language: the attribution prefix's tooltip and the popup
 * close button's name (Leaflet writes them in English).
 */
function TranslatedChrome() {
  const { t } = useTranslation();
  const map = useMap();
  useEffect(() => {
    const title = t('map.leafletTitle').replace(/"/g, '&quot;');
    map.attributionControl?.setPrefix(
      `<a href="https://leafletjs.com" title="${title}">Leaflet</a>`,
    );
    const label = t('map.closePopup');
    const onOpen = (event: L.PopupEvent) => {
      event.popup
        .getElement()
        ?.querySelector('.leaflet-popup-close-button')
        ?.setAttribute('aria-label', label);
    };
    map.on('popupopen', onOpen);
    return () => {
      map.off('popupopen', onOpen);
    };
  }, [map, t]);
  return null;
}

/**
 * Maps whose tiles the person asked for on this page (data saver), by page and map name: a map
 * drawn again (its form re-rendered, its chunk arrived) keeps the answer instead of asking twice,
 * and a map drawn anew just before the tap hears of it too (a tap on the map it replaced was
 * lost, and the tiles never came).
 */
const tilesAskedFor = new Set<string>();
const tilesListeners = new Set<() => void>();
const tilesKey = (label: string) =>
  `${typeof window === 'undefined' ? '' : window.location.pathname}|${label}`;

function askForTiles(key: string) {
  tilesAskedFor.add(key);
  for (const listener of tilesListeners) listener();
}

function onTilesAsked(listener: () => void) {
  tilesListeners.add(listener);
  return () => void tilesListeners.delete(listener);
}

/**
 * Once the tiles are asked for, Leaflet measures the map again: a map made while its room was
 * still being laid out (or hidden) believes it has no size and would load no tile.
 */
function LoadTilesNow() {
  const map = useMap();
  useEffect(() => {
    map.invalidateSize();
  }, [map]);
  return null;
}

/**
 * Leaflet measures its map when made and on window resizes only. A map made before its room was
 * laid out (a form above it still filling in, a panel opening) believes it is as small as it was
 * then and loads tiles for that size, none at all for zero; so it measures again whenever its
 * box changes.
 */
function FollowContainerSize() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** A Leaflet map with the product's zoom range, configured tiles and translated controls. */
export function MapFrame({ center, zoom, label, className, children }: MapFrameProps) {
  const { t } = useTranslation();
  const tiles = mapTiles(t('map.contributors'));
  // Data saver: markers show at once; the tiles (most of a map's bytes) wait for a tap.
  const [dataSaver] = useDataSaver();
  const key = tilesKey(label);
  const tilesAsked = useSyncExternalStore(
    onTilesAsked,
    () => tilesAskedFor.has(key),
    () => false,
  );
  const showTiles = !dataSaver || tilesAsked;
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
        {showTiles ? (
          <TileLayer
            url={tiles.url}
            attribution={tiles.attribution}
            minZoom={MAP_DEFAULTS.minZoom}
            maxZoom={MAP_DEFAULTS.maxZoom}
          />
        ) : null}
        <ZoomControl
          position="topleft"
          zoomInTitle={t('map.zoomIn')}
          zoomOutTitle={t('map.zoomOut')}
        />
        <TranslatedChrome />
        <FollowContainerSize />
        {dataSaver && tilesAsked ? <LoadTilesNow /> : null}
        {children}
      </MapContainer>
      {showTiles ? null : (
        <button
          type="button"
          className="btn btn--light btn--sm map__load-tiles"
          onClick={() => askForTiles(key)}
        >
          {t('dataSaver.showMap')}
        </button>
      )}
    </div>
  );
}
