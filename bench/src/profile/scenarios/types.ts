// What a scenario is, and the shapes of the answers the flows read.
import type { Context, SimUser } from '../world.js';

export interface Scenario {
  name: string;
  weight: number;
  /** Offered only while this holds for the user (state machine of the flow). */
  when?: (user: SimUser) => boolean;
  run: (ctx: Context, user: SimUser) => Promise<void>;
}

export interface RequestItem {
  id: string;
  donationId: string;
  requesterId: string;
  donorId: string;
  status: string;
  isVolunteerRequest: boolean;
  isSelfDelivery: boolean;
  destinationUserId: string | null;
  destinationAccepted: boolean;
}

export const itemsOf = <T>(body: unknown): T[] => (body as { items?: T[] } | null)?.items ?? [];
