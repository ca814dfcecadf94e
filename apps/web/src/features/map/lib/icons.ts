import L from 'leaflet';
import markerPng from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';

// Bundlers break Leaflet's guess of its image folder: the icons are imported and passed in.
const base = {
  iconUrl: markerPng,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41] as [number, number],
  iconAnchor: [12, 41] as [number, number],
  popupAnchor: [1, -34] as [number, number],
  shadowSize: [41, 41] as [number, number],
};

/** Donations (and the pickup point) use Leaflet's blue marker. */
export const donationIcon = L.icon(base);
/** Receivers get the same marker tinted by CSS, so the two kinds tell apart at a glance. */
export const receiverIcon = L.icon({ ...base, className: 'map-marker--receiver' });

const shifted = new Map<string, L.Icon>();

/**
 * The marker of a kind drawn (dx, dy) pixels away from its point, for markers that share one
 * point: the anchor moves, so the pin stays the same size (25 x 41 px, above the 24 px target)
 * and its popup opens above the pin itself.
 */
export function markerIcon(kind: 'donation' | 'receiver', dx = 0, dy = 0): L.Icon {
  if (dx === 0 && dy === 0) return kind === 'receiver' ? receiverIcon : donationIcon;
  const key = `${kind}:${dx}:${dy}`;
  let icon = shifted.get(key);
  if (!icon) {
    icon = L.icon({
      ...base,
      iconAnchor: [base.iconAnchor[0] - dx, base.iconAnchor[1] - dy],
      popupAnchor: [base.popupAnchor[0] + dx, base.popupAnchor[1] + dy],
      shadowAnchor: [base.iconAnchor[0] - dx, base.iconAnchor[1] - dy],
      ...(kind === 'receiver' ? { className: 'map-marker--receiver' } : {}),
    });
    shifted.set(key, icon);
  }
  return icon;
}
/** The badge's diameter: about a pin's width, above the 24 px target size. */
const MORE_SIZE = 28;
const more = new Map<string, L.DivIcon>();

/**
 * The pin standing for the markers a crowd has no room for: a round badge with their number
 * ("207"), in the grid cell (dx, dy) a pin would take, its centre on a pin's head.
 */
export function moreIcon(text: string, dx = 0, dy = 0): L.DivIcon {
  const key = `${text}:${dx}:${dy}`;
  let icon = more.get(key);
  if (!icon) {
    const escaped = text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    icon = L.divIcon({
      className: 'map-more-pin',
      html: `<span aria-hidden="true">${escaped}</span>`,
      iconSize: [MORE_SIZE, MORE_SIZE],
      iconAnchor: [MORE_SIZE / 2 - dx, base.iconAnchor[1] - 1 - dy],
      popupAnchor: [dx, dy - base.iconAnchor[1]],
    });
    more.set(key, icon);
  }
  return icon;
}
