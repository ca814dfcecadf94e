import {
  Fragment,
  lazy,
  memo,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type Ref,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { LIST_LIMITS } from '@annasetu/domain';

/**
 * From this many rows a list is windowed: only the rows near the screen are in the page. A
 * shorter list renders every row, so the browser's find-in-page and small lists stay as they were:
 * one screen of a feed (at most LIST_LIMITS.pendingDonationsScreen rows) is never windowed; the
 * long lists kept offline (hundreds of queued actions and kept donations) are.
 */
export const WINDOW_FROM = LIST_LIMITS.pendingDonationsScreen + 1;

/**
 * Rows of a long list shown while its windowed renderer loads: more than a tall screen holds,
 * far fewer than WINDOW_FROM.
 */
export const FIRST_ROWS = 20;

/**
 * Rows a short list renders at first (two phone screens of cards). The rest follow a few at a
 * time, each step its own small render in its own task, so a page of a hundred cards never makes
 * one long task that holds up the first paint and the first tap.
 */
export const SHORT_FIRST_ROWS = 6;
/** The most rows one step adds (a fast device), and how many the first step tries. */
export const STEP_ROWS = 10;
const FIRST_STEP_ROWS = 2;
/**
 * What one step's render and commit may take, in milliseconds: the next step adds as many rows
 * as fit at the last step's pace, so on a slow phone each step stays under a long task (50 ms,
 * with the browser's layout of the new rows after it).
 */
export const STEP_BUDGET_MS = 25;

/**
 * How many of `total` rows to show: SHORT_FIRST_ROWS at first, then more in a task of their own
 * after each commit, as many as STEP_BUDGET_MS allows, until all are in. Each step renders and
 * commits within its task (flushSync), so its cost is measured where it is paid. (Not
 * transitions: a transition's render that sees a store change mid-way is redone in one blocking
 * pass.)
 */
function useRowsShown(total: number): number {
  const [shown, setShown] = useState(SHORT_FIRST_ROWS);
  const step = useRef(FIRST_STEP_ROWS);
  // When the last step was asked for and how many rows it added: its pace is read at its commit.
  const asked = useRef<{ at: number; rows: number } | null>(null);
  useLayoutEffect(() => {
    const last = asked.current;
    if (!last) return;
    asked.current = null;
    const took = Math.max(performance.now() - last.at, 1);
    step.current = Math.max(
      1,
      Math.min(STEP_ROWS, Math.floor((last.rows * STEP_BUDGET_MS) / took)),
    );
  }, [shown]);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => {
      const rows = step.current;
      asked.current = { at: performance.now(), rows };
      flushSync(() => setShown((count) => count + rows));
    }, 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}

/** What a row must put on its `<li>`: the ref measures it, the rest places and numbers it. */
export interface RowProps {
  ref?: Ref<HTMLLIElement>;
  'data-index'?: number;
  'aria-setsize'?: number;
  'aria-posinset'?: number;
  style?: CSSProperties;
}

export interface VirtualListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string | number;
  /** One `<li>` for `item`, spreading `row` onto it. */
  renderRow: (item: T, row: RowProps) => ReactElement;
  /** A typical row's height in CSS pixels at a phone's width; rows are measured once shown. */
  estimateSize: number;
  className?: string;
  'aria-labelledby'?: string;
}

/** A control of a row that held the keyboard focus: its row, and which of the row's controls. */
export interface FocusedControl {
  row: number;
  control: number;
}

/** What can hold the keyboard focus inside a row. */
export const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

// The windowing library is needed only by lists of WINDOW_FROM rows or more, which few screens
// ever show: it loads with the first such list, not with every signed-in page.
const WindowedList = lazy(() => import('./windowed-list')) as unknown as <T>(
  props: VirtualListProps<T> & { restoreFocus?: RefObject<FocusedControl | null> },
) => ReactElement;

/**
 * A list of cards in the page's own scroll. A short list renders every row, its first
 * SHORT_FIRST_ROWS at once and the rest a few at a time just after. A long list (200 queued actions, 500 donations kept
 * on a phone) would take seconds to render and freeze the page; windowed, it renders the rows
 * near the screen and says on each row where it stands in the whole list (aria-posinset of
 * aria-setsize) so a screen reader still announces "3 of 500".
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, getKey, renderRow, className } = props;
  const restoreFocus = useRef<FocusedControl | null>(null);
  const short = items.length < WINDOW_FROM;
  // A windowed list places its own rows.
  const shown = useRowsShown(short ? items.length : 0);
  if (short) {
    return (
      <ul className={className} aria-labelledby={props['aria-labelledby']}>
        {items.slice(0, shown).map((item) => (
          <ShortRow key={getKey(item)} item={item} renderRow={renderRow as RenderAny} />
        ))}
      </ul>
    );
  }
  return (
    <Suspense fallback={<FirstRows {...props} restoreFocus={restoreFocus} />}>
      <WindowedList {...props} restoreFocus={restoreFocus} />
    </Suspense>
  );
}

type RenderAny = (item: unknown, row: RowProps) => ReactElement;

/** A short list's row has nothing to place: the same empty props every time. */
const NO_ROW_PROPS: RowProps = Object.freeze({});

/**
 * A short list's row, rendered again only when its item or the list's `renderRow` changes: each
 * step that adds rows renders the new rows alone, not every row shown so far again.
 */
const ShortRow = memo(function ShortRow({
  item,
  renderRow,
}: {
  item: unknown;
  renderRow: RenderAny;
}) {
  return renderRow(item, NO_ROW_PROPS);
});

/**
 * A long list's first rows, numbered in the whole list, while its windowed renderer loads. The
 * control holding the focus when they go is noted, so the windowed list can give it back.
 */
function FirstRows<T>({
  items,
  getKey,
  renderRow,
  className,
  restoreFocus,
  ...aria
}: VirtualListProps<T> & { restoreFocus: RefObject<FocusedControl | null> }) {
  const listRef = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const list = listRef.current;
    // Runs before the rows leave the page, while the focus is still where it was.
    return () => {
      const active = document.activeElement;
      const row = active?.closest('[data-index]');
      if (!list || !active || !row || !list.contains(row)) return;
      restoreFocus.current = {
        row: Number(row.getAttribute('data-index')),
        control: [...row.querySelectorAll(FOCUSABLE)].indexOf(active),
      };
    };
  }, [restoreFocus]);
  return (
    <ul ref={listRef} className={className} aria-labelledby={aria['aria-labelledby']}>
      {items.slice(0, FIRST_ROWS).map((item, index) => (
        <Fragment key={getKey(item)}>
          {renderRow(item, {
            'data-index': index,
            'aria-setsize': items.length,
            'aria-posinset': index + 1,
          })}
        </Fragment>
      ))}
    </ul>
  );
}
