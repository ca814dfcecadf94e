import {
  Fragment,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type RefObject,
} from 'react';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import { FOCUSABLE, type FocusedControl, type VirtualListProps } from './virtual-list';
import './windowed-list.css';

/**
 * The windowed renderer of a long list (VirtualList loads it, with the windowing library, only
 * when a list reaches WINDOW_FROM rows): only the rows near the screen are in the page, each
 * saying where it stands in the whole list.
 */
export default function WindowedList<T>({
  items,
  getKey,
  renderRow,
  estimateSize,
  className,
  restoreFocus,
  ...aria
}: VirtualListProps<T> & {
  /** The control that held the focus in the first rows shown while this renderer loaded. */
  restoreFocus?: RefObject<FocusedControl | null>;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  const [gap, setGap] = useState(0);
  // The row holding the keyboard focus and its neighbours stay in the page, even when scrolled
  // away: focus is never lost to a row being taken out, and Tab or Shift+Tab always finds the
  // next row there, however fast the keys come.
  const [focused, setFocused] = useState<number | null>(() => restoreFocus?.current?.row ?? null);

  // A control focused in the first rows (shown while this renderer loaded) went with them: the
  // same control of the same row takes the focus back once the row is in the page again, unless
  // the focus has moved on to something else meanwhile.
  useLayoutEffect(() => {
    const wanted = restoreFocus?.current;
    const row = wanted ? listRef.current?.querySelector(`[data-index="${wanted.row}"]`) : null;
    if (!wanted || !row) return;
    restoreFocus.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const control =
      wanted.control < 0 ? row : row.querySelectorAll<HTMLElement>(FOCUSABLE)[wanted.control];
    (control as HTMLElement | undefined)?.focus();
  });

  // Where the list starts in the page, kept true as what is above it grows or shrinks (read
  // again on scroll, when the layout is already known, and when the page resizes); the gap
  // between rows is the list's own CSS gap.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      setOffset(Math.round(list.getBoundingClientRect().top + window.scrollY));
      setGap(parseFloat(getComputedStyle(list).rowGap) || 0);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    overscan: 4,
    gap,
    scrollMargin: offset,
    getItemKey: (index) => getKey(items[index]!),
    rangeExtractor: (range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      if (focused !== null) {
        for (let i = Math.max(0, focused - 1); i <= Math.min(range.count - 1, focused + 1); i++) {
          indexes.add(i);
        }
      }
      return [...indexes].sort((a, b) => a - b);
    },
  });

  function handleFocus(event: FocusEvent<HTMLUListElement>) {
    const row = (event.target as Element).closest('[data-index]');
    setFocused(row ? Number(row.getAttribute('data-index')) : null);
  }

  function handleBlur(event: FocusEvent<HTMLUListElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
  }

  const margin = virtualizer.options.scrollMargin;
  return (
    <ul
      ref={listRef}
      className={`${className ?? ''} virtual-list`}
      style={{ height: virtualizer.getTotalSize() }}
      onFocus={handleFocus}
      onBlur={handleBlur}
      {...aria}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <Fragment key={row.key}>
          {renderRow(items[row.index]!, {
            ref: virtualizer.measureElement,
            'data-index': row.index,
            'aria-setsize': items.length,
            'aria-posinset': row.index + 1,
            style: { transform: `translateY(${row.start - margin}px)` },
          })}
        </Fragment>
      ))}
    </ul>
  );
}
