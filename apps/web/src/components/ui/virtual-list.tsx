import {
  Fragment,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type ReactElement,
  type Ref,
} from 'react';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import { LIST_LIMITS } from '@annasetu/domain';
import './virtual-list.css';

/**
 * From this many rows a list is windowed: only the rows near the screen are in the page. A
 * shorter list renders every row, so the browser's find-in-page and small lists stay as they were:
 * one screen of a feed (at most LIST_LIMITS.pendingDonationsScreen rows) is never windowed; the
 * long lists kept offline (hundreds of queued actions and kept donations) are.
 */
export const WINDOW_FROM = LIST_LIMITS.pendingDonationsScreen + 1;

/** What a row must put on its `<li>`: the ref measures it, the rest places and numbers it. */
export interface RowProps {
  ref?: Ref<HTMLLIElement>;
  'data-index'?: number;
  'aria-setsize'?: number;
  'aria-posinset'?: number;
  style?: CSSProperties;
}

interface VirtualListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string | number;
  /** One `<li>` for `item`, spreading `row` onto it. */
  renderRow: (item: T, row: RowProps) => ReactElement;
  /** A typical row's height in CSS pixels at a phone's width; rows are measured once shown. */
  estimateSize: number;
  className?: string;
  'aria-labelledby'?: string;
}

/**
 * A list of cards in the page's own scroll. A long list (200 queued actions, 500 donations kept
 * on a phone) would take seconds to render and freeze the page; windowed, it renders the rows
 * near the screen and says on each row where it stands in the whole list (aria-posinset of
 * aria-setsize) so a screen reader still announces "3 of 500".
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, getKey, renderRow, className } = props;
  if (items.length < WINDOW_FROM) {
    return (
      <ul className={className} aria-labelledby={props['aria-labelledby']}>
        {items.map((item) => (
          <Fragment key={getKey(item)}>{renderRow(item, {})}</Fragment>
        ))}
      </ul>
    );
  }
  return <WindowedList {...props} />;
}

function WindowedList<T>({
  items,
  getKey,
  renderRow,
  estimateSize,
  className,
  ...aria
}: VirtualListProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  const [gap, setGap] = useState(0);
  // The row holding the keyboard focus and its neighbours stay in the page, even when scrolled
  // away: focus is never lost to a row being taken out, and Tab or Shift+Tab always finds the
  // next row there, however fast the keys come.
  const [focused, setFocused] = useState<number | null>(null);

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
