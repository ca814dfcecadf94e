// What the app and its libraries import as `react` and `react-dom`: Preact's compatibility layer
// (decision 0076), and the one React 19 hook it lacks that a library names. Plain JavaScript:
// Preact's types describe this module as `export =`, which TypeScript cannot re-export.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * react-router's data router (`RouterProvider`, which the app does not use) imports
 * `useOptimistic`; the app's `BrowserRouter` never calls it. Should it be called, the state is
 * shown as it is, without the optimistic value, which is what React shows once a transition ends.
 */
export function useOptimistic(state) {
  return [state, () => undefined];
}
