/**
 * Food-safety holding rules for surplus cooked food (FSSAI guidance), as the assistant and the
 * help texts state them.
 */
export const FOOD_SAFETY = {
  /** Hot food is held at this temperature or above (°C). */
  hotHoldingMinC: 60,
  /** Cold food is held at this temperature or below (°C). */
  coldHoldingMaxC: 5,
  /** Food kept outside those temperatures is eaten within this many hours. */
  outsideTemperatureMaxHours: 4,
  /** Cooked food left at room temperature longer than this is not donated (hours). */
  roomTemperatureMaxHours: 2,
  /** Reheated food reaches this temperature in the centre (°C). */
  reheatMinC: 70,
} as const;
