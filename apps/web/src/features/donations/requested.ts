import { createContext } from 'react';

/**
 * The donations the person has already asked for: the feed shows "Requested" on them instead of
 * offering to ask again. Provided by the route, which reads the person's requests.
 */
export const RequestedDonations = createContext<ReadonlySet<string>>(new Set());
