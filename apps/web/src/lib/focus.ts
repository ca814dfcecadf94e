/**
 * Moves keyboard focus to the result of an action (a new card, the updated card, a list
 * heading) once it is on the page: lists refetch after a change, so the element may appear a
 * moment later. If it has not appeared within the wait, the fallback gets focus instead, so focus
 * never stays on <body> after the button that had it disappeared.
 */
export function focusWhenPresent(id: string, fallbackId = 'main', waitMs = 3000): void {
  const started = performance.now();
  const place = (element: HTMLElement) => {
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus();
  };
  const attempt = () => {
    const element = document.getElementById(id);
    if (element && element.getClientRects().length > 0) return place(element);
    if (performance.now() - started < waitMs) {
      requestAnimationFrame(attempt);
      return;
    }
    const fallback = document.getElementById(fallbackId);
    if (fallback) place(fallback);
  };
  requestAnimationFrame(attempt);
}
