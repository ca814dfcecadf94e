// What the generator draws from: India's large cities, the menu, units, shelf lives and who
// posts, each with its weight; a seedable random stream; points around a city centre.
import {
  EARTH_RADIUS_KM,
  type Coordinates,
  type Role,
  type Unit,
  type VegType,
} from '@annasetu/domain';

export interface City {
  name: string;
  state: string;
  lat: number;
  lng: number;
  /** Urban-agglomeration population in millions, used as the sampling weight. */
  population: number;
}

/** Large Indian cities; population figures are rounded metro estimates. */
export const CITIES: readonly City[] = [
  { name: 'Delhi', state: 'Delhi', lat: 28.6139, lng: 77.209, population: 32 },
  { name: 'Mumbai', state: 'Maharashtra', lat: 19.076, lng: 72.8777, population: 21 },
  { name: 'Kolkata', state: 'West Bengal', lat: 22.5726, lng: 88.3639, population: 15 },
  { name: 'Bengaluru', state: 'Karnataka', lat: 12.9716, lng: 77.5946, population: 13 },
  { name: 'Chennai', state: 'Tamil Nadu', lat: 13.0827, lng: 80.2707, population: 11.5 },
  { name: 'Hyderabad', state: 'Telangana', lat: 17.385, lng: 78.4867, population: 10.5 },
  { name: 'Ahmedabad', state: 'Gujarat', lat: 23.0225, lng: 72.5714, population: 8.5 },
  { name: 'Surat', state: 'Gujarat', lat: 21.1702, lng: 72.8311, population: 7.5 },
  { name: 'Pune', state: 'Maharashtra', lat: 18.5204, lng: 73.8567, population: 7 },
  { name: 'Jaipur', state: 'Rajasthan', lat: 26.9124, lng: 75.7873, population: 4 },
  { name: 'Lucknow', state: 'Uttar Pradesh', lat: 26.8467, lng: 80.9462, population: 3.9 },
  { name: 'Kanpur', state: 'Uttar Pradesh', lat: 26.4499, lng: 80.3319, population: 3.2 },
  { name: 'Indore', state: 'Madhya Pradesh', lat: 22.7196, lng: 75.8577, population: 3.2 },
  { name: 'Nagpur', state: 'Maharashtra', lat: 21.1458, lng: 79.0882, population: 2.9 },
  { name: 'Coimbatore', state: 'Tamil Nadu', lat: 11.0168, lng: 76.9558, population: 2.9 },
  { name: 'Patna', state: 'Bihar', lat: 25.5941, lng: 85.1376, population: 2.5 },
  { name: 'Bhopal', state: 'Madhya Pradesh', lat: 23.2599, lng: 77.4126, population: 2.4 },
  { name: 'Kochi', state: 'Kerala', lat: 9.9312, lng: 76.2673, population: 2.3 },
  { name: 'Visakhapatnam', state: 'Andhra Pradesh', lat: 17.6868, lng: 83.2185, population: 2.3 },
  { name: 'Vadodara', state: 'Gujarat', lat: 22.3072, lng: 73.1812, population: 2.2 },
  { name: 'Agra', state: 'Uttar Pradesh', lat: 27.1767, lng: 78.0081, population: 2.2 },
  { name: 'Nashik', state: 'Maharashtra', lat: 19.9975, lng: 73.7898, population: 2.1 },
  { name: 'Ludhiana', state: 'Punjab', lat: 30.901, lng: 75.8573, population: 1.9 },
  { name: 'Thiruvananthapuram', state: 'Kerala', lat: 8.5241, lng: 76.9366, population: 1.7 },
  { name: 'Madurai', state: 'Tamil Nadu', lat: 9.9252, lng: 78.1198, population: 1.6 },
  { name: 'Varanasi', state: 'Uttar Pradesh', lat: 25.3176, lng: 82.9739, population: 1.6 },
  { name: 'Srinagar', state: 'Jammu and Kashmir', lat: 34.0837, lng: 74.7973, population: 1.6 },
  { name: 'Ranchi', state: 'Jharkhand', lat: 23.3441, lng: 85.3096, population: 1.5 },
  { name: 'Raipur', state: 'Chhattisgarh', lat: 21.2514, lng: 81.6296, population: 1.3 },
  { name: 'Amritsar', state: 'Punjab', lat: 31.634, lng: 74.8723, population: 1.3 },
  { name: 'Guwahati', state: 'Assam', lat: 26.1445, lng: 91.7362, population: 1.2 },
  { name: 'Chandigarh', state: 'Chandigarh', lat: 30.7333, lng: 76.7794, population: 1.2 },
  { name: 'Bhubaneswar', state: 'Odisha', lat: 20.2961, lng: 85.8245, population: 1.1 },
];

export function cityNamed(name: string): City {
  const city = CITIES.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!city)
    throw new Error(`unknown city ${name}; known: ${CITIES.map((c) => c.name).join(', ')}`);
  return city;
}

type Weighted<T> = readonly (readonly [T, number])[];

export function picker<T>(random: () => number, choices: Weighted<T>): () => T {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  const cumulative: number[] = [];
  let running = 0;
  for (const [, w] of choices) cumulative.push((running += w / total));
  return () => {
    const r = random();
    const i = cumulative.findIndex((c) => r < c);
    return choices[i === -1 ? choices.length - 1 : i]![0];
  };
}

export const DONOR_ROLES: Weighted<Role> = [
  ['restaurant', 0.55],
  ['mess', 0.2],
  ['individual', 0.25],
];

export const UNITS: Weighted<Unit> = [
  ['meals', 0.55],
  ['kg', 0.25],
  ['packs', 0.12],
  ['liters', 0.08],
];

export const VEG: Weighted<VegType> = [
  ['veg', 0.6],
  ['nonveg', 0.25],
  ['mixed', 0.15],
];

export const EXPIRY_HOURS: Weighted<number> = [
  [2, 0.1],
  [4, 0.2],
  [6, 0.4],
  [8, 0.1],
  [12, 0.12],
  [24, 0.08],
];

export const MENU: readonly (readonly [string, string])[] = [
  ['North Indian', 'Dal makhani, jeera rice, roti'],
  ['North Indian', 'Rajma chawal'],
  ['North Indian', 'Chole bhature'],
  ['South Indian', 'Idli, sambar, coconut chutney'],
  ['South Indian', 'Lemon rice and curd rice'],
  ['South Indian', 'Vegetable biryani'],
  ['Bengali', 'Fish curry and rice'],
  ['Gujarati', 'Thepla and undhiyu'],
  ['Hyderabadi', 'Chicken biryani'],
  ['Maharashtrian', 'Pav bhaji'],
  ['Punjabi', 'Paneer butter masala, naan'],
  ['Street food', 'Samosa and chutney'],
  ['Bakery', 'Bread loaves and buns'],
  ['Continental', 'Pasta and garlic bread'],
  ['Home style', 'Khichdi'],
];

export const AREAS = ['Sector', 'Nagar', 'Colony', 'Market', 'Road', 'Layout', 'Bazaar', 'Enclave'];

const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

/** A point `distanceKm` from `center` at `bearing` radians (flat-earth offset; fine at 15 km). */
export function offset(center: Coordinates, distanceKm: number, bearing: number): Coordinates {
  const lat = center.lat + (distanceKm * Math.cos(bearing)) / KM_PER_DEGREE;
  const lng =
    center.lng +
    (distanceKm * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((center.lat * Math.PI) / 180));
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
}
