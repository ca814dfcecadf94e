import { createContext, type ComponentType } from 'react';
import type { Donation } from '@annasetu/domain';

/**
 * A volunteer's "Grab" on a feed card. Carrying food, from the grab to the receipt, is the
 * requests feature's; the route that shows a volunteer's feed provides its button here.
 */
export const GrabAction = createContext<ComponentType<{ donation: Donation }> | null>(null);
