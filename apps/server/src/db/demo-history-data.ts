// What the demo history draws from (decision 0033): the places, the generated organisations and
// volunteers, each kind of donor's leftovers, and the seeded generator.
import type { RegistrableRole, Unit } from '@annasetu/domain';

/** An account taking part in the history. */
export interface HistoryAccount {
  id: string;
  role: RegistrableRole;
  /** Organisation name, or the person's name for a volunteer. */
  display: string;
  email: string;
  phone: string;
  address: string;
  lat: number;
  lng: number;
}

/** Neighbourhoods of Delhi and its neighbours, with a central point. */
export const PLACES: ReadonlyArray<readonly [string, number, number]> = [
  ['Chandni Chowk, Delhi', 28.6506, 77.2303],
  ['Paharganj, New Delhi', 28.6448, 77.2132],
  ['Hauz Khas, New Delhi', 28.5494, 77.2001],
  ['Saket, New Delhi', 28.5245, 77.2066],
  ['Dwarka Sector 10, New Delhi', 28.5815, 77.059],
  ['Rohini Sector 7, Delhi', 28.7158, 77.1126],
  ['Janakpuri, New Delhi', 28.6219, 77.0878],
  ['Mayur Vihar Phase 1, Delhi', 28.609, 77.295],
  ['Nehru Place, New Delhi', 28.5483, 77.2513],
  ['Pitampura, Delhi', 28.698, 77.1384],
  ['Okhla Phase 2, New Delhi', 28.5355, 77.275],
  ['Shahdara, Delhi', 28.6733, 77.289],
  ['Sector 18, Noida', 28.5708, 77.3261],
  ['Cyber City, Gurugram', 28.495, 77.089],
];

/** The generated organisations and volunteers: [role, name, place index]. */
export const GENERATED: ReadonlyArray<readonly [RegistrableRole, string, number]> = [
  ['restaurant', 'Karim Kebab House', 0],
  ['restaurant', 'Paharganj Thali Centre', 1],
  ['restaurant', 'Hauz Khas Social Kitchen', 2],
  ['restaurant', 'Saket Dosa Corner', 3],
  ['restaurant', 'Dwarka Biryani Point', 4],
  ['restaurant', 'Rohini Sweets and Snacks', 5],
  ['restaurant', 'Noida Punjabi Dhaba', 12],
  ['restaurant', 'Cyber City Café', 13],
  ['individual', 'Gupta Family Kitchen', 6],
  ['individual', 'Malhotra Household', 9],
  ['mess', 'Nehru Place Office Canteen', 8],
  ['mess', 'Okhla Factory Canteen', 10],
  ['mess', 'Janakpuri Girls Hostel Mess', 6],
  ['foodbank', 'Annapurna Food Bank', 0],
  ['foodbank', 'Seva Roti Ghar', 7],
  ['foodbank', 'Hope Shelter Kitchen', 11],
  ['foodbank', 'Gurugram Meals Trust', 13],
  ['nursery', 'Yamuna Compost Nursery', 7],
  ['poultry', 'Ghazipur Poultry Farm', 11],
  ['volunteer', 'Neha Verma', 2],
  ['volunteer', 'Rahul Chauhan', 5],
  ['volunteer', 'Fatima Khan', 0],
  ['volunteer', 'Vikram Rao', 8],
  ['volunteer', 'Ananya Bose', 7],
  ['volunteer', 'Sandeep Yadav', 4],
  ['volunteer', 'Kiran Joshi', 9],
  ['volunteer', 'Imran Qureshi', 12],
  ['volunteer', 'Pooja Nair', 3],
  ['volunteer', 'Manpreet Kaur', 6],
];

export type Dish = readonly [
  foodType: string,
  cuisine: string,
  vegType: 'veg' | 'nonveg' | 'mixed',
  unit: Unit,
  min: number,
  max: number,
];

/** What each kind of donor has left over. */
export const MENUS: Record<'restaurant' | 'individual' | 'mess', readonly Dish[]> = {
  restaurant: [
    ['Dal makhani and jeera rice', 'North Indian', 'veg', 'meals', 15, 60],
    ['Chicken biryani', 'Mughlai', 'nonveg', 'meals', 10, 45],
    ['Paneer butter masala with naan', 'North Indian', 'veg', 'meals', 10, 40],
    ['Masala dosa and sambar', 'South Indian', 'veg', 'meals', 10, 35],
    ['Veg hakka noodles', 'Indo-Chinese', 'veg', 'meals', 8, 30],
    ['Mutton korma with rotis', 'Mughlai', 'nonveg', 'meals', 8, 25],
    ['Samosas and kachoris', 'Street Food', 'veg', 'packs', 10, 40],
    ['Sandwiches and muffins', 'Bakery', 'veg', 'packs', 10, 30],
    ['Chole bhature', 'Punjabi', 'veg', 'meals', 10, 40],
  ],
  individual: [
    ['Rajma chawal', 'North Indian', 'veg', 'meals', 3, 12],
    ['Aloo paratha with curd', 'Punjabi', 'veg', 'meals', 3, 10],
    ['Idli and coconut chutney', 'South Indian', 'veg', 'meals', 3, 10],
    ['Fruit from a family function', 'Fruits', 'veg', 'kg', 2, 8],
  ],
  mess: [
    ['Dal, rice and mixed vegetables', 'North Indian', 'veg', 'meals', 30, 120],
    ['Kadhi chawal', 'North Indian', 'veg', 'kg', 8, 30],
    ['Egg curry with rice', 'North Indian', 'nonveg', 'meals', 20, 80],
    ['Poha and upma', 'Maharashtrian', 'veg', 'kg', 5, 20],
    ['Sambar rice', 'South Indian', 'veg', 'kg', 8, 25],
    ['Buttermilk', 'Beverages', 'veg', 'liters', 10, 40],
  ],
};

/** A small seeded generator (mulberry32): the same history on every first start. */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

export const MINUTE = 60_000;
export const IST_OFFSET = 330 * MINUTE;

/** The generator's draws. */
export type Random = ReturnType<typeof generator>;
