import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';

// Bundlers break Leaflet's guess of its image folder: the icons are imported and passed in.
const base = {
  iconUrl: markerIcon,
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
