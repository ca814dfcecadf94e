import { afterEach } from 'vitest';
import { takeRouteErrors } from './browser';

// Every browser test fails if any of its pages showed "This page could not be loaded".
afterEach(() => {
  const seen = takeRouteErrors();
  if (seen.length > 0) {
    throw new Error(`The app showed its error screen:\n${seen.join('\n')}`);
  }
});
