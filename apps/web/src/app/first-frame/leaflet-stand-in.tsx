// Leaflet and react-leaflet as the build-time renderer sees them (vite.config.ts, SSR build):
// Leaflet reads `window` as it loads, and a map only draws in the browser anyway. A map renders
// its empty container, as react-leaflet's own does before the map exists; everything else
// renders nothing, and Leaflet's API is an object any call or property read returns itself.
import type { CSSProperties, ReactNode } from 'react';

const inert: unknown = new Proxy(function standIn() {}, {
  get: (_target, key) => (key === Symbol.toPrimitive ? () => '' : inert),
  apply: () => inert,
  construct: () => inert as object,
});
export default inert;

export function MapContainer(props: { className?: string; id?: string; style?: CSSProperties }) {
  return <div className={props.className} id={props.id} style={props.style} />;
}
const nothing = (_props: { children?: ReactNode }) => null;
export const TileLayer = nothing;
export const ZoomControl = nothing;
export const Marker = nothing;
export const Popup = nothing;
export const CircleMarker = nothing;
export const Tooltip = nothing;
export const useMap = () => inert;
export const useMapEvents = () => inert;
