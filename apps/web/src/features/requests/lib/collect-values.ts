import type { DestinationType, HoldingKind, Quality } from '@annasetu/domain';

/**
 * The collect form's values: what the volunteer found (quality, how much, how the food is held,
 * whether its container is closed) and where the food goes.
 */
export interface CollectValues {
  quality: Quality;
  destinationType: DestinationType | '';
  destinationUserId: string;
  notes: string;
  holdingAtPickup: HoldingKind | '';
  containerClosed: boolean;
  /** How much is taken, in the donation's unit, as typed (starts at the posted quantity). */
  pickedQuantity: string;
}
