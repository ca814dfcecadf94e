import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { MAP_DEFAULTS, type Coordinates } from '@annasetu/domain';
import { markerIcon, moreIcon } from '../lib/icons';
import { PIN, capacityFor, spreadLayout, type Layout } from '../lib/spread';
import { useFormat } from '../../../lib/use-format';
import { MapFrame } from './map-frame';
import './markers-map.css';

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

/** Space kept clear between the map's controls and the pins. */
const CONTROL_GAP_PX = 6;
/** A popup is kept this far from the top left (clear of the zoom buttons) and bottom right. */
const POPUP_PAD_TOP_LEFT: [number, number] = [56, 10];
const POPUP_PAD_BOTTOM_RIGHT: [number, number] = [8, 8];
/** A popup's frame around its content: Leaflet's margins (20 + 24 px) and border. */
const POPUP_FRAME_PX = 46;

/**
 * The widest content a popup may have on this map: with its frame it fits between the zoom
 * buttons and the right edge, so on a phone its close button stays on the map and nothing of it
 * sits under the controls (Leaflet's 300 px default made a 347 px popup in a 326 px map).
 */
function popupContentWidth(map: L.Map, most: number): number {
  const room = map.getSize().x - POPUP_PAD_TOP_LEFT[0] - POPUP_PAD_BOTTOM_RIGHT[0] - POPUP_FRAME_PX;
  return Math.max(120, Math.min(most, room));
}

/**
 * The map's free area as padding from each edge: the seed's 20 px, more on the left beside the
 * zoom buttons and at the bottom above the attribution, so no pin is placed under them.
 */
function freeArea(map: L.Map) {
  const base = MAP_DEFAULTS.fitBoundsPaddingPx;
  const container = map.getContainer();
  const box = container.getBoundingClientRect();
  const zoom = container.querySelector('.leaflet-control-zoom')?.getBoundingClientRect();
  const credits = container.querySelector('.leaflet-control-attribution')?.getBoundingClientRect();
  const left = zoom?.width ? Math.max(base, zoom.right - box.left + CONTROL_GAP_PX) : base;
  const bottom = credits?.height ? Math.max(base, box.bottom - credits.top + CONTROL_GAP_PX) : base;
  const size = map.getSize();
  return {
    left,
    top: base,
    right: base,
    bottom,
    width: size.x - left - base,
    height: size.y - base - bottom,
  };
}

/** The pixel box of every pin drawn for a layout (each pin above its point). */
function pinBounds(points: L.Point[], layout: Layout): L.Bounds {
  const box = new L.Bounds([]);
  const add = (anchor: number, dx: number, dy: number) => {
    const tip = points[anchor]!;
    const left = tip.x + dx - PIN.tipX;
    const top = tip.y + dy - PIN.tipY;
    box.extend(L.point(left, top)).extend(L.point(left + PIN.width, top + PIN.height));
  };
  layout.offsets.forEach((o) => (o.hidden ? undefined : add(o.anchor, o.dx, o.dy)));
  layout.more.forEach((m) => add(m.anchor, m.dx, m.dy));
  return box;
}

/**
 * Seed map rules: one marker at zoom 10, several fitted with 20 px padding up to zoom 13. What
 * is fitted is the pins as laid out (lib/spread.ts), not only their points: a crowd's grid is
 * far larger than its point, and fitting the points alone put pins outside the map and under
 * its zoom buttons and attribution, where they can be neither seen nor tapped.
 */
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
    const free = freeArea(map);
    const capacity = capacityFor(free.height);
    const latLngs = markers.map((m) => L.latLng(m.position.lat, m.position.lng));
    // The points alone fit at this zoom at most; the pins, larger, may need a lower one.
    let zoom = Math.min(
      map.getBoundsZoom(L.latLngBounds(latLngs), false, L.point(free.left + free.right, 0)),
      MAP_DEFAULTS.fitBoundsMaxZoom,
    );
    let pins: L.Bounds;
    for (;;) {
      const points = latLngs.map((latLng) => map.project(latLng, zoom));
      pins = pinBounds(points, spreadLayout(points, capacity));
      const size = pins.getSize();
      if ((size.x <= free.width && size.y <= free.height) || zoom <= MAP_DEFAULTS.minZoom) break;
      zoom -= 1;
    }
    // The pins' centre goes to the centre of the free area, not of the whole map.
    const shift = L.point((free.left - free.right) / 2, (free.top - free.bottom) / 2);
    map.setView(map.unproject(pins.getCenter().subtract(shift), zoom), zoom);
  });
  // The key stands for the markers' ids and positions.
  useEffect(() => fit(), [map, key]);
  return null;
}

/**
 * The free area's height, measured once the zoom buttons and the attribution are on the map
 * (they are added by effects, after the first render) and again whenever they or the map change
 * size (a resized window, a translated attribution, a font arriving). Measured during render,
 * it was taken before the controls existed when the markers came from the cache at once, so the
 * grid's capacity, and with it how many markers one pin stands for, depended on timing.
 */
function useFreeHeight(map: L.Map): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const measure = () => setHeight(freeArea(map).height);
    measure();
    map.on('resize', measure);
    const container = map.getContainer();
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => measure());
    observer?.observe(container);
    container
      .querySelectorAll('.leaflet-control-zoom, .leaflet-control-attribution')
      .forEach((control) => observer?.observe(control));
    return () => {
      map.off('resize', measure);
      observer?.disconnect();
    };
  }, [map]);
  return height;
}

/**
 * The markers, spread at the map's current zoom so that no pin covers another: pins close on
 * the screen share one grid (lib/spread.ts), laid out again after each zoom. A grid never
 * outgrows the map: the markers there is no room for are listed in one pin's popup.
 */
function SpreadMarkers({ markers }: { markers: MarkerPoint[] }) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const freeHeight = useFreeHeight(map);
  // Nothing is drawn until the free area is known: a pin placed before would jump.
  if (freeHeight === null) return null;
  return <SpreadLayout markers={markers} zoom={zoom} capacity={capacityFor(freeHeight)} />;
}

function SpreadLayout({
  markers,
  zoom,
  capacity,
}: {
  markers: MarkerPoint[];
  zoom: number;
  capacity: number;
}) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const map = useMap();
  const { offsets, more } = spreadLayout(
    markers.map((m) => map.project([m.position.lat, m.position.lng], zoom)),
    capacity,
  );
  const popupWidth = popupContentWidth(map, 300);
  const listWidth = popupContentWidth(map, 240);
  return (
    <>
      {markers.map((marker, index) => {
        const offset = offsets[index];
        if (offset?.hidden) return null;
        const at = markers[offset?.anchor ?? index]!.position;
        const alt =
          marker.kind === 'receiver'
            ? t('map.receiverMarker', { name: marker.title })
            : t('map.donationMarker', { name: marker.title });
        return (
          // Leaflet reads a marker's title and alt only when it makes the marker: the key holds
          // the words, so a language chosen after the pins were drawn names them anew.
          <Marker
            key={`${marker.kind}-${marker.id}-${alt}`}
            position={[at.lat, at.lng]}
            icon={markerIcon(marker.kind, offset?.dx, offset?.dy)}
            title={marker.title}
            alt={alt}
          >
            <Popup
              maxWidth={popupWidth}
              minWidth={Math.min(popupWidth, 160)}
              autoPanPaddingTopLeft={POPUP_PAD_TOP_LEFT}
              autoPanPaddingBottomRight={POPUP_PAD_BOTTOM_RIGHT}
            >
              {marker.popup}
            </Popup>
          </Marker>
        );
      })}
      {more.map((pin) => {
        const anchor = markers[pin.anchor]!;
        const label = t('map.moreHere', { count: pin.members.length });
        return (
          <Marker
            key={`more-${anchor.kind}-${anchor.id}-${label}`}
            position={[anchor.position.lat, anchor.position.lng]}
            icon={moreIcon(number(pin.members.length), pin.dx, pin.dy)}
            title={label}
          >
            <Popup
              maxHeight={260}
              maxWidth={listWidth}
              minWidth={Math.min(listWidth, 160)}
              autoPanPaddingTopLeft={POPUP_PAD_TOP_LEFT}
              autoPanPaddingBottomRight={POPUP_PAD_BOTTOM_RIGHT}
            >
              <p className="map-popup__title">{label}</p>
              <ul className="map-more-list">
                {pin.members.map((index) => (
                  <li key={`${markers[index]!.kind}-${markers[index]!.id}`}>
                    {markers[index]!.popup}
                  </li>
                ))}
              </ul>
            </Popup>
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
